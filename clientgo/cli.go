package main

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/fixtures"
)

const accepted = "accepted: -f N, -wi N, -w DUR, -i N, -r DUR, -p key=v1,v2, -rf json, -rff FILE, -prof gc, " +
	"-Dname=value, -l, REGEX"

// Options is the parsed command line.
type Options struct {
	Forks, WarmupIterations, Iterations int
	Warmup, Measurement                 time.Duration
	Params                              map[string][]string
	ResultFile                          string
	Settings                            Settings
	DArgs                               []string
	List                                bool
	// Allocation: -prof gc, bytes allocated per op (gc.alloc.rate.norm) in every measurement iteration.
	Allocation bool
	Patterns   []*regexp.Regexp
}

// Plan is one benchmark with one value per param: one row of the result file.
type Plan struct {
	Benchmark Benchmark
	Params    map[string]string
}

// ParseArgs reads the command line; any error is bad input (exit 2).
func ParseArgs(args []string) (*Options, error) {
	o := &Options{Forks: 1, WarmupIterations: 1, Iterations: 3, Warmup: time.Second, Measurement: time.Second,
		Params: map[string][]string{}, Settings: Settings{RunID: "adhoc"}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value; %s", a, accepted)
			}
			i++
			return args[i], nil
		}
		var v string
		var err error
		switch {
		case a == "-f" || a == "-wi" || a == "-i":
			if v, err = next(); err != nil {
				return nil, err
			}
			n, convErr := strconv.Atoi(v)
			least := map[string]int{"-f": 1, "-wi": 0, "-i": 1}[a]
			if convErr != nil || n < least {
				return nil, fmt.Errorf("%s %q: accepted: an integer of %d or more", a, v, least)
			}
			*map[string]*int{"-f": &o.Forks, "-wi": &o.WarmupIterations, "-i": &o.Iterations}[a] = n
		case a == "-w" || a == "-r":
			if v, err = next(); err != nil {
				return nil, err
			}
			d, convErr := time.ParseDuration(v)
			if convErr != nil || d <= 0 {
				return nil, fmt.Errorf("%s %q: accepted: a positive duration like 1s or 500ms", a, v)
			}
			*map[string]*time.Duration{"-w": &o.Warmup, "-r": &o.Measurement}[a] = d
		case a == "-p":
			if v, err = next(); err != nil {
				return nil, err
			}
			key, values, ok := strings.Cut(v, "=")
			if !ok || key == "" || values == "" {
				return nil, fmt.Errorf("-p %q: accepted: key=v1,v2", v)
			}
			o.Params[key] = strings.Split(values, ",")
		case a == "-rf":
			if v, err = next(); err != nil {
				return nil, err
			}
			if !strings.EqualFold(v, "json") {
				return nil, fmt.Errorf("-rf %q: accepted: json", v)
			}
		case a == "-rff":
			if o.ResultFile, err = next(); err != nil {
				return nil, err
			}
		case a == "-prof":
			if v, err = next(); err != nil {
				return nil, err
			}
			if v != "gc" {
				return nil, fmt.Errorf("-prof %q: accepted: gc (bytes allocated per op, gc.alloc.rate.norm)", v)
			}
			o.Allocation = true
		case strings.HasPrefix(a, "-D"):
			name, value, ok := strings.Cut(a[2:], "=")
			if !ok || name == "" {
				return nil, fmt.Errorf("%q: accepted: -Dname=value", a)
			}
			o.DArgs = append(o.DArgs, a)
			if field, known := settingOf(&o.Settings)[name]; known {
				*field = value
			}
		case a == "-l":
			o.List = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
			return nil, fmt.Errorf("unknown option %s; %s", a, accepted)
		default:
			re, reErr := regexp.Compile(a)
			if reErr != nil {
				return nil, fmt.Errorf("REGEX %q: %v; accepted: a Go regular expression", a, reErr)
			}
			o.Patterns = append(o.Patterns, re)
		}
	}
	if o.Settings.Owner == "" {
		o.Settings.Owner = fixtures.DefaultOwner()
	}
	return o, nil
}

// Matched is the catalog's benchmarks any pattern finds (all when there is none).
func (o *Options) Matched() ([]Benchmark, error) {
	var out []Benchmark
	for _, b := range Catalog {
		hit := len(o.Patterns) == 0
		for _, re := range o.Patterns {
			hit = hit || re.MatchString(b.Name)
		}
		if hit {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no benchmark matches %v; accepted: a regexp found in one of the names -l lists", o.Patterns)
	}
	return out, nil
}

// Plans expands each benchmark's params (defaults, overridden by -p) into rows, checking values.
func (o *Options) Plans(benchmarks []Benchmark) ([]Plan, error) {
	used := map[string]bool{}
	var plans []Plan
	for _, b := range benchmarks {
		combos := []map[string]string{{}}
		for _, p := range b.Params {
			values, given := o.Params[p.Key]
			if !given {
				values = p.Defaults
			}
			used[p.Key] = true
			var next []map[string]string
			for _, c := range combos {
				for _, v := range values {
					if err := p.Check(v); err != nil {
						return nil, fmt.Errorf("-p %s: %v", p.Key, err)
					}
					m := map[string]string{p.Key: v}
					for k, kv := range c {
						m[k] = kv
					}
					next = append(next, m)
				}
			}
			combos = next
		}
		for _, c := range combos {
			plans = append(plans, Plan{b, c})
		}
	}
	// A param only other benchmarks have is ignored, as JMH ignores it (a run passes one -p to every
	// family); one no benchmark has is a mistake.
	for _, key := range slices.Sorted(maps.Keys(o.Params)) {
		if !used[key] && !catalogHas(key) {
			var known []string
			for k := range used {
				known = append(known, k)
			}
			sort.Strings(known)
			return nil, fmt.Errorf("-p %s: no benchmark has this param; accepted: %s", key, strings.Join(known, ", "))
		}
	}
	return plans, nil
}

// Validate checks what a run needs besides the benchmarks: nothing touches the cluster before.
func (o *Options) Validate() error {
	if o.ResultFile == "" {
		return fmt.Errorf("-rff FILE is required; accepted: a path for the JMH JSON array")
	}
	if o.Settings.Kubeconfig == "" {
		return fmt.Errorf("-Dinformerbench.kubeconfig=PATH is required; accepted: the path of a kubeconfig whose server is on loopback")
	}
	_, err := cluster.LoadConfig(o.Settings.Kubeconfig, o.Settings.Context)
	return err
}

// paramString is "(client = CLIENT_GO, objects = 100)" as JMH prints it.
func paramString(params map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		parts = append(parts, k+" = "+params[k])
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func badInput(err error) {
	fmt.Fprintf(os.Stderr, "informer-bench-go: %v\n", err)
	os.Exit(2)
}

// catalogHas reports whether any benchmark of the catalog has the param key.
func catalogHas(key string) bool {
	for _, b := range Catalog {
		for _, p := range b.Params {
			if p.Key == key {
				return true
			}
		}
	}
	return false
}

// settingOf maps the -D properties the Java side passes to the fields of s they set; others are kept
// in DArgs only.
func settingOf(s *Settings) map[string]*string {
	return map[string]*string{
		"informerbench.kubeconfig":            &s.Kubeconfig,
		"informerbench.context":               &s.Context,
		"informerbench.runId":                 &s.RunID,
		"informerbench.owner":                 &s.Owner,
		"informerbench.requestsDir":           &s.RequestsDir,
		"informerbench.controlPlaneClasspath": &s.ControlPlaneClasspath,
		"informerbench.controlPlaneMain":      &s.ControlPlaneMain,
		"informerbench.java":                  &s.Java,
		"informerbench.home":                  &s.Home,
		"informerbench.kubeVersion":           &s.KubeVersion,
		"informerbench.serverProcesses":       &s.ServerProcesses,
	}
}
