package jmh

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Policy is how JMH folds a metric's iteration values into one score.
type Policy int

const (
	// Avg: the mean, with a Student-t error (JMH's AggregationPolicy.AVG).
	Avg Policy = iota
	// Sum: the total, no error (JMH's AggregationPolicy.SUM).
	Sum
	// Min: the least value, no error (JMH's AggregationPolicy.MIN).
	Min
	// Harmonic: the harmonic mean, no error nor interval, as the Java side's HarmonicMeanResult:
	// for a period, the one that goes with JMH's arithmetic mean of the iterations' rates.
	Harmonic
)

// jmhPercentiles are the ranks JMH's JSON lists under scorePercentiles, as JMH spells them.
var jmhPercentiles = []struct {
	Key  string
	Rank float64
}{
	{"0.0", 0}, {"50.0", 50}, {"90.0", 90}, {"95.0", 95}, {"99.0", 99}, {"99.9", 99.9},
	{"99.99", 99.99}, {"99.999", 99.999}, {"99.9999", 99.9999}, {"100.0", 100},
}

// Summary is one metric as JMH 1.37 reports it. JMH aggregates a run by putting the
// iterations of all forks into one list (RunResult.getAggregatedResult), so every number
// here is computed over the flat list, in fork order.
type Summary struct {
	Score       float64
	Error       float64
	Confidence  [2]float64
	Percentiles []float64 // in jmhPercentiles order
}

// Summarize reproduces JMH's ListStatistics and Result arithmetic.
func Summarize(values []float64, policy Policy) Summary {
	s := Summary{Percentiles: make([]float64, len(jmhPercentiles))}
	for i, p := range jmhPercentiles {
		s.Percentiles[i] = percentile(values, p.Rank)
	}
	switch policy {
	case Sum:
		s.Score = sum(values)
		s.Error = math.NaN()
		s.Confidence = [2]float64{s.Score, s.Score}
	case Min:
		s.Score = s.Percentiles[0] // rank 0 is the minimum
		s.Error = math.NaN()
		s.Confidence = [2]float64{s.Score, s.Score}
	case Harmonic:
		s.Score = harmonicMean(values)
		s.Error = math.NaN()
		s.Confidence = [2]float64{math.NaN(), math.NaN()}
	default:
		s.Score = mean(values)
		s.Error = meanErrorAt(values, 0.999)
		s.Confidence = [2]float64{s.Score - s.Error, s.Score + s.Error}
	}
	return s
}

// sum adds in list order, as ListStatistics.getSum does (the order decides the last bits).
func sum(values []float64) float64 {
	if len(values) == 0 {
		return math.NaN()
	}
	total := 0.0
	for _, v := range values {
		total += v
	}
	return total
}

// harmonicMean adds the reciprocals in list order, as HarmonicMeanResult.getScore does.
func harmonicMean(values []float64) float64 {
	if len(values) == 0 {
		return math.NaN()
	}
	reciprocals := 0.0
	for _, v := range values {
		reciprocals += 1 / v
	}
	return float64(len(values)) / reciprocals
}

func mean(values []float64) float64 {
	if len(values) == 0 {
		return math.NaN()
	}
	return sum(values) / float64(len(values))
}

// variance is the sample variance, two passes like ListStatistics.getVariance.
func variance(values []float64) float64 {
	if len(values) <= 1 {
		return math.NaN()
	}
	m := mean(values)
	acc := 0.0
	for _, v := range values {
		acc += (v - m) * (v - m)
	}
	return acc / float64(len(values)-1)
}

// meanErrorAt is the half-width of the two-sided confidence interval of the mean; JMH
// gives NaN for two values or fewer (AbstractStatistics.getMeanErrorAt).
func meanErrorAt(values []float64, confidence float64) float64 {
	n := len(values)
	if n <= 2 {
		return math.NaN()
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-confidence)/2)
	return t * math.Sqrt(variance(values)) / math.Sqrt(float64(n))
}

// percentile is commons-math3's Percentile (LEGACY estimation) that JMH calls, with
// JMH's own rule that rank 0 is the minimum.
func percentile(values []float64, rank float64) float64 {
	n := len(values)
	if n == 0 {
		return math.NaN()
	}
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	if rank == 0 || n == 1 {
		return sorted[0]
	}
	pos := rank * float64(n+1) / 100
	fpos := math.Floor(pos)
	dif := pos - fpos
	if pos < 1 {
		return sorted[0]
	}
	if pos >= float64(n) {
		return sorted[n-1]
	}
	lower, upper := sorted[int(fpos)-1], sorted[int(fpos)]
	return lower + dif*(upper-lower)
}
