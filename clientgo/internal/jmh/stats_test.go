package jmh

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// committed is a result file JMH 1.37 wrote for the Java side of the suite.
const committed = "../../../results/20261130T160043Z_client-java-27.0.0_k8s-1.36.3.json"

type jmhMetric struct {
	Score            any                `json:"score"`
	ScoreError       any                `json:"scoreError"`
	ScoreConfidence  []any              `json:"scoreConfidence"`
	ScorePercentiles map[string]float64 `json:"scorePercentiles"`
	RawData          [][]float64        `json:"rawData"`
}

type jmhRow struct {
	Benchmark        string               `json:"benchmark"`
	PrimaryMetric    jmhMetric            `json:"primaryMetric"`
	SecondaryMetrics map[string]jmhMetric `json:"secondaryMetrics"`
}

func num(v any) float64 {
	if s, ok := v.(string); ok && s == "NaN" {
		return math.NaN()
	}
	return v.(float64)
}

// sameError: commons-math finds the t quantile with a solver accurate to 1e-9, so JMH's
// error carries that much noise; everything else must match to the last bit.
func sameError(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b))
}

func TestSummaryReproducesCommittedJMHFile(t *testing.T) {
	data, err := os.ReadFile(committed)
	if err != nil {
		t.Skipf("committed JMH file not readable: %v", err)
	}
	var rows []jmhRow
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	merges := suiteMetrics(t)
	checked := 0
	for _, r := range rows {
		check(t, r.Benchmark+" primary", r.PrimaryMetric, Avg)
		for name, m := range r.SecondaryMetrics {
			// Each as the catalogue merges it: JMH's AVG, SUM or MIN, or the suite's harmonic mean.
			known, ok := merges[name]
			if !ok {
				t.Errorf("%s: %s is not in the catalogue", r.Benchmark, name)
				continue
			}
			check(t, r.Benchmark+" "+name, m, mergeOf[known.merge])
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d rows checked", checked)
	}
}

func check(t *testing.T, what string, m jmhMetric, policy Policy) {
	t.Helper()
	var values []float64
	for _, f := range m.RawData {
		values = append(values, f...)
	}
	s := Summarize(values, policy)
	if s.Score != num(m.Score) {
		t.Errorf("%s: score %v, JMH %v", what, s.Score, num(m.Score))
	}
	if !sameError(s.Error, num(m.ScoreError)) {
		t.Errorf("%s: error %v, JMH %v", what, s.Error, num(m.ScoreError))
	}
	for i := range 2 {
		if !sameError(s.Confidence[i], num(m.ScoreConfidence[i])) {
			t.Errorf("%s: confidence[%d] %v, JMH %v", what, i, s.Confidence[i], num(m.ScoreConfidence[i]))
		}
	}
	for i, p := range jmhPercentiles {
		if got, want := s.Percentiles[i], m.ScorePercentiles[p.Key]; got != want {
			t.Errorf("%s: p%s %v, JMH %v", what, p.Key, got, want)
		}
	}
}

func TestJavaDouble(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0.0", 1.24452828e8: "1.24452828E8", 72.47678117823047: "72.47678117823047",
		1e7: "1.0E7", 9999999: "9999999.0", 0.0005: "5.0E-4", 104: "104.0", math.NaN(): `"NaN"`,
	} {
		if got := javaDouble(v); got != want && !math.IsNaN(v) {
			t.Errorf("javaDouble(%v) = %s, want %s", v, got, want)
		}
	}
}

func TestMinAndHarmonicMeanAsJMHAndTheJavaSideMergeThem(t *testing.T) {
	periods := []float64{1000, 2000, 2000}
	h := Summarize(periods, Harmonic)
	if !near(h.Score, 1500, 1e-9) || !math.IsNaN(h.Error) || !math.IsNaN(h.Confidence[0]) {
		t.Errorf("harmonic: %+v; want 1500 with no error nor interval", h)
	}
	m := Summarize([]float64{300, 100, 200}, Min)
	if m.Score != 100 || !math.IsNaN(m.Error) || m.Confidence != [2]float64{100, 100} {
		t.Errorf("min: %+v", m)
	}
}

func near(a, b, tolerance float64) bool { return math.Abs(a-b) <= tolerance }
