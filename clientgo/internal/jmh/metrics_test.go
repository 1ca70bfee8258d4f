package jmh

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// catalogue is the Java side's list of every secondary metric the suite writes.
const catalogue = "../../../core/src/main/java/dev/informerbench/metrics/SuiteMetric.java"

// module is the Go module's root, whose every package may write metrics.
const module = "../.."

type suiteMetric struct{ unit, merge string }

// suiteMetrics reads the catalogue's entries: NAME("metric", "unit", Merge.X, ...).
func suiteMetrics(t *testing.T) map[string]suiteMetric {
	t.Helper()
	data, err := os.ReadFile(catalogue)
	if err != nil {
		t.Skipf("the Java catalogue is not readable: %v", err)
	}
	entry := regexp.MustCompile(`(?m)^\s+[A-Z0-9_]+\("([^"]+)", "([^"]+)", Merge\.([A-Z_]+),`)
	out := map[string]suiteMetric{}
	for _, m := range entry.FindAllStringSubmatch(string(data), -1) {
		out[m[1]] = suiteMetric{m[2], m[3]}
	}
	if len(out) < 20 {
		t.Fatalf("only %d metrics read from %s", len(out), catalogue)
	}
	return out
}

// mergeOf is the policy the catalogue's merge is written with.
var mergeOf = map[string]Policy{"MEAN": Avg, "SUM": Sum, "MIN": Min, "HARMONIC_MEAN": Harmonic}

// Every m.Average/Sum/Min/HarmonicMean call, in any package of the module, names a catalogue metric,
// with its unit and merge (the Java side's SuiteMetricTest reads Average and Sum calls only).
func TestEveryMetricWrittenIsTheCataloguesWithItsUnitAndMerge(t *testing.T) {
	known := suiteMetrics(t)
	call := regexp.MustCompile(`\.(Average|Sum|Min|HarmonicMean)\("([^"]+)",[^\n]*"([^"]+)"\)`)
	merges := map[string]string{"Average": "MEAN", "Sum": "SUM", "Min": "MIN", "HarmonicMean": "HARMONIC_MEAN"}
	var files []string
	err := filepath.WalkDir(module, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, path := range files {
		f, _ := filepath.Rel(module, path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(data), -1) {
			seen++
			want, ok := known[m[2]]
			switch {
			case !ok:
				t.Errorf("%s: %s is not in the catalogue", f, m[2])
			case want.unit != m[3] || want.merge != merges[m[1]]:
				t.Errorf("%s: %s written as %s %q; the catalogue has %s %q", f, m[2], m[1], m[3], want.merge, want.unit)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("only %d metric calls found", seen)
	}
	for name, m := range known {
		if _, ok := mergeOf[m.merge]; !ok {
			t.Errorf("%s: merge %s has no Policy here", name, m.merge)
		}
	}
}
