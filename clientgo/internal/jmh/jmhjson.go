// Package jmh writes what a run measured as JMH 1.37's JSON result file, with JMH's own arithmetic
// (score, 99.9% error, percentiles over every fork's iterations), so that the suite reads client-go's
// rows as it reads the Java forks'.
package jmh

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Metric holds one metric's measurement-iteration values, one slice per fork.
type Metric struct {
	Unit    string
	Policy  Policy
	PerFork [][]float64
}

// Flat is every fork's values in fork order: the one list JMH computes a run's figures over.
func (m Metric) Flat() []float64 {
	var all []float64
	for _, f := range m.PerFork {
		all = append(all, f...)
	}
	return all
}

// Row is one benchmark × parameter set in the JMH JSON array.
type Row struct {
	Benchmark, Mode       string
	Threads, Forks        int
	Binary                string
	Args                  []string
	GoVersion, ClientGo   string
	WarmupIterations      int
	WarmupTime            string
	MeasurementIterations int
	MeasurementTime       string
	Params                map[string]string
	Primary               Metric
	Secondary             map[string]Metric
}

// WriteJSON writes rows as JMH 1.37's JSONResultFormat lays them out.
func WriteJSON(path string, rows []Row) error {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, r := range rows {
		writeRow(&b, r)
		if i < len(rows)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func writeRow(b *bytes.Buffer, r Row) {
	in := "    "
	fmt.Fprintf(b, "  {\n")
	field := func(k, v string) { fmt.Fprintf(b, "%s%q: %s,\n", in, k, v) }
	field("jmhVersion", strconv.Quote("informer-bench-go"))
	field("benchmark", strconv.Quote(r.Benchmark))
	field("mode", strconv.Quote(r.Mode))
	field("threads", strconv.Itoa(r.Threads))
	field("forks", strconv.Itoa(r.Forks))
	field("jvm", strconv.Quote(r.Binary))
	field("jvmArgs", stringArray(r.Args, in))
	field("jdkVersion", strconv.Quote(r.GoVersion))
	field("vmName", strconv.Quote("Go "+r.GoVersion+", "+r.ClientGo))
	field("vmVersion", strconv.Quote(r.ClientGo))
	field("warmupIterations", strconv.Itoa(r.WarmupIterations))
	field("warmupTime", strconv.Quote(r.WarmupTime))
	field("warmupBatchSize", "1")
	field("measurementIterations", strconv.Itoa(r.MeasurementIterations))
	field("measurementTime", strconv.Quote(r.MeasurementTime))
	field("measurementBatchSize", "1")
	fmt.Fprintf(b, "%s\"params\": {\n", in)
	keys := sortedKeys(r.Params)
	for i, k := range keys {
		fmt.Fprintf(b, "%s  %q: %q%s\n", in, k, r.Params[k], comma(i, len(keys)))
	}
	fmt.Fprintf(b, "%s},\n", in)
	fmt.Fprintf(b, "%s\"primaryMetric\": ", in)
	writeMetric(b, r.Primary, in)
	fmt.Fprintf(b, ",\n%s\"secondaryMetrics\": {\n", in)
	names := sortedKeys(r.Secondary)
	for i, name := range names {
		fmt.Fprintf(b, "%s  %q: ", in, name)
		writeMetric(b, r.Secondary[name], in+"  ")
		fmt.Fprintf(b, "%s\n", comma(i, len(names)))
	}
	fmt.Fprintf(b, "%s}\n  }", in)
}

func writeMetric(b *bytes.Buffer, m Metric, in string) {
	s := Summarize(m.Flat(), m.Policy)
	fmt.Fprintf(b, "{\n%s  \"score\": %s,\n", in, javaDouble(s.Score))
	fmt.Fprintf(b, "%s  \"scoreError\": %s,\n", in, javaDouble(s.Error))
	fmt.Fprintf(b, "%s  \"scoreConfidence\": [%s, %s],\n", in, javaDouble(s.Confidence[0]), javaDouble(s.Confidence[1]))
	fmt.Fprintf(b, "%s  \"scorePercentiles\": {\n", in)
	for i, p := range jmhPercentiles {
		fmt.Fprintf(b, "%s    %q: %s%s\n", in, p.Key, javaDouble(s.Percentiles[i]), comma(i, len(jmhPercentiles)))
	}
	fmt.Fprintf(b, "%s  },\n%s  \"scoreUnit\": %q,\n%s  \"rawData\": [\n", in, in, m.Unit, in)
	for i, fork := range m.PerFork {
		vals := make([]string, len(fork))
		for j, v := range fork {
			vals[j] = javaDouble(v)
		}
		fmt.Fprintf(b, "%s    [%s]%s\n", in, strings.Join(vals, ", "), comma(i, len(m.PerFork)))
	}
	fmt.Fprintf(b, "%s  ]\n%s}", in, in)
}

func stringArray(items []string, in string) string {
	if len(items) == 0 {
		return "[]"
	}
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = in + "  " + strconv.Quote(s)
	}
	return "[\n" + strings.Join(q, ",\n") + "\n" + in + "]"
}

func comma(i, n int) string {
	if i < n-1 {
		return ","
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// javaDouble writes a number as Java's Double.toString does (JMH's JSON goes through it),
// and NaN as the string "NaN", as JMH writes it.
func javaDouble(v float64) string {
	switch {
	case math.IsNaN(v):
		return `"NaN"`
	case math.IsInf(v, 1):
		return `"Infinity"`
	case math.IsInf(v, -1):
		return `"-Infinity"`
	case v == 0:
		if math.Signbit(v) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(v); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // 1.24452828e+08
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}
