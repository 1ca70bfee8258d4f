// Command informer-bench-go is the client-go reference side of informer-bench: the same
// benchmarks as the Java suite's JMH classes, measured with k8s.io/client-go against a
// real local kube-apiserver, written as a JMH JSON result file the suite reads as it is.
//
// It measures a Get from a synced informer's lister (ns/op, 1 and 2 goroutines), a direct
// GET unthrottled and under client-go's own token bucket (ops/s), the time and heap of an
// informer's sync by LIST+WATCH or WatchList (ms/op), the heap an informer's cache of Pods,
// Secrets or ConfigMaps keeps with each of four remedies (ms/op of its sync), the recovery of
// an informer whose connection is reset (ms/op), an indexer's update and lookup with 0–3
// custom indexes (ns/op), a burst of writes delivered to 1–16 handlers on one informer or one
// each (ms/op, with the delivery latencies), resync callbacks over whole rounds (ops/s), and
// what 1-100 controllers (informers or pollers) cost kube-apiserver and etcd per window; per
// iteration also the API requests each made.
package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"dev.informerbench/clientgo/internal/jmh"
)

func main() {
	if spec := os.Getenv(forkEnv); spec != "" {
		os.Exit(forkMain(spec))
	}
	opts, err := ParseArgs(os.Args[1:])
	if err != nil {
		badInput(err)
	}
	benchmarks, err := opts.Matched()
	if err != nil {
		badInput(err)
	}
	if opts.List {
		fmt.Println("Benchmarks:")
		for _, b := range benchmarks {
			fmt.Println(b.Name)
		}
		return
	}
	plans, err := opts.Plans(benchmarks)
	if err != nil {
		badInput(err)
	}
	if err := opts.Validate(); err != nil {
		badInput(err)
	}
	os.Exit(run(opts, plans))
}

// run measures every plan in forks; a failed one is named and skipped. 0, or 1 on failures.
func run(o *Options, plans []Plan) int {
	self, _ := os.Executable()
	var rows []jmh.Row
	var failed []string
	for _, p := range plans {
		b := p.Benchmark
		fmt.Printf("# Benchmark: %s\n# Parameters: %s\n", b.Name, paramString(p.Params))
		row := jmh.Row{Benchmark: b.Name, Mode: b.Mode, Threads: b.Threads, Forks: o.Forks, Binary: self, Args: o.DArgs,
			GoVersion: runtime.Version(), ClientGo: "k8s.io/client-go " + clientGoVersion(),
			WarmupIterations: o.WarmupIterations, WarmupTime: jmhTime(o.Warmup),
			MeasurementIterations: o.Iterations, MeasurementTime: jmhTime(o.Measurement), Params: p.Params,
			Primary: jmh.Metric{Unit: b.Unit, Policy: Avg}, Secondary: map[string]jmh.Metric{}}
		var forkErr error
		for f := 1; f <= o.Forks && forkErr == nil; f++ {
			fmt.Printf("# Fork: %d of %d\n", f, o.Forks)
			var its []Iteration
			its, forkErr = runFork(ForkSpec{Benchmark: b.Name, Params: p.Params, WarmupIterations: o.WarmupIterations,
				Iterations: o.Iterations, Warmup: o.Warmup, Measurement: o.Measurement, Settings: o.Settings,
				Allocation: o.Allocation})
			if forkErr == nil {
				addFork(&row, its)
			}
		}
		if forkErr != nil {
			what := b.Name + " " + paramString(p.Params)
			fmt.Fprintf(os.Stderr, "informer-bench-go: %s failed: %v\n", what, forkErr)
			failed = append(failed, what)
			continue
		}
		s := jmh.Summarize(row.Primary.Flat(), Avg)
		fmt.Printf("Result %q: %s ±(99.9%%) %s %s\n\n", b.Name, short(s.Score), short(s.Error), b.Unit)
		rows = append(rows, row)
	}
	if err := jmh.WriteJSON(o.ResultFile, rows); err != nil {
		fmt.Fprintf(os.Stderr, "informer-bench-go: writing %s: %v\n", o.ResultFile, err)
		return 1
	}
	fmt.Printf("# Results (%d rows) in %s\n", len(rows), o.ResultFile)
	if len(failed) > 0 {
		fmt.Fprintf(os.Stderr, "informer-bench-go: %d failed: %s\n", len(failed), strings.Join(failed, "; "))
		return 1
	}
	return 0
}

// addFork appends one fork's measurement iterations to the row's per-fork raw data.
func addFork(row *jmh.Row, its []Iteration) {
	primary := make([]float64, len(its))
	perMetric := map[string][]float64{}
	for i, it := range its {
		primary[i] = it.Primary
		for name, v := range it.Secondary {
			perMetric[name] = append(perMetric[name], v.V)
			m := row.Secondary[name]
			m.Unit, m.Policy = v.Unit, v.Policy
			row.Secondary[name] = m
		}
	}
	row.Primary.PerFork = append(row.Primary.PerFork, primary)
	for name, values := range perMetric {
		m := row.Secondary[name]
		m.PerFork = append(m.PerFork, values)
		row.Secondary[name] = m
	}
}

// clientGoVersion is the k8s.io/client-go this binary was built with: go.mod's version, and the
// directory that replaced it when build.sh built against a local module (CLIENTGO_MODULE).
func clientGoVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "k8s.io/client-go" && d.Replace != nil {
				return d.Version + " => " + d.Replace.Path
			}
			if d.Path == "k8s.io/client-go" {
				return d.Version
			}
		}
	}
	return "unknown"
}

// jmhTime is JMH's TimeValue text: "1 s", "500 ms".
func jmhTime(d interface{ Milliseconds() int64 }) string {
	ms := d.Milliseconds()
	if ms%1000 == 0 {
		return fmt.Sprintf("%d s", ms/1000)
	}
	return fmt.Sprintf("%d ms", ms)
}
