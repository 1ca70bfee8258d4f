package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"

	"k8s.io/client-go/rest"
)

const pkg = "dev.informerbench.bench."

// Param is a JMH @Param of the Java class: its key, default values and accepted values.
type Param struct {
	Key      string
	Defaults []string
	Check    func(string) error
}

// Benchmark mirrors one JMH benchmark method of the Java suite, by full name.
type Benchmark struct {
	Name    string
	Mode    string // avgt, thrpt or ss
	Unit    string
	Threads int
	Params  []Param // sorted by key, as JMH lists them
	Start   func(ctx context.Context, env *TrialEnv) (Trial, error)
}

// TrialEnv is what a trial setup gets: the cluster and its parameter values.
type TrialEnv struct {
	Config    *rest.Config
	Settings  Settings
	Params    map[string]string
	Namespace string
	Objects   int
}

// Trial is a benchmark's state over one fork's iterations.
type Trial interface{ Close() }

// TimedTrial runs ops for the iteration time (avgt, thrpt).
type TimedTrial interface {
	Trial
	Op(worker int, i uint64) error
}

// IterationHooks is optional for a TimedTrial: untimed work before and after each iteration
// (JMH's @Setup and @TearDown at Level.Iteration). Requests are counted after BeforeIteration
// and up to the end of AfterIteration, as for a ShotTrial's Before and After.
type IterationHooks interface {
	BeforeIteration(ctx context.Context) error
	AfterIteration(ctx context.Context, m Secondaries) error
}

// OpTeardown is optional for a TimedTrial: untimed work after each op (JMH's @TearDown at
// Level.Invocation). With it the score counts each op's own time only, as JMH then does.
type OpTeardown interface {
	AfterOp(worker int) error
}

// ShotTrial runs one timed op per iteration (ss), with untimed setup and teardown.
type ShotTrial interface {
	Trial
	Before(ctx context.Context) error
	Shot(ctx context.Context) error
	After(ctx context.Context, m Secondaries) error
}

// Secondaries are a benchmark's own per-iteration metrics.
type Secondaries map[string]Value

// Value is one iteration's value of a secondary metric.
type Value struct {
	V      float64
	Unit   string
	Policy Policy
}

func (m Secondaries) Average(name string, v float64, unit string) { m[name] = Value{v, unit, Avg} }

// Sum sets a count that sums over iterations and forks.
func (m Secondaries) Sum(name string, v float64, unit string) { m[name] = Value{v, unit, Sum} }

// Min sets a value whose least over iterations and forks is the figure.
func (m Secondaries) Min(name string, v float64, unit string) { m[name] = Value{v, unit, Min} }

// HarmonicMean sets a period whose figure over iterations and forks is the harmonic mean.
func (m Secondaries) HarmonicMean(name string, v float64, unit string) {
	m[name] = Value{v, unit, Harmonic}
}

var (
	clientParam  = Param{"client", []string{"CLIENT_GO"}, oneOf("CLIENT_GO")}
	objects3     = Param{"objects", []string{"100", "1000", "10000"}, positiveInt}
	syncObjects  = Param{"objects", []string{"1000", "10000", "100000"}, positiveInt}
	relistObject = Param{"objects", []string{"1000", "10000"}, positiveInt}
)

// Catalog is every benchmark this binary has, in JMH's order (by name): each bench_*.go file
// registers its own, beside the code that runs it, so a new family is one file here.
var Catalog []Benchmark

// register adds benchmarks to the Catalog, kept in JMH's order.
func register(benchmarks ...Benchmark) {
	Catalog = append(Catalog, benchmarks...)
	sort.SliceStable(Catalog, func(i, j int) bool { return Catalog[i].Name < Catalog[j].Name })
}

func oneOf(accepted ...string) func(string) error {
	return func(v string) error {
		for _, a := range accepted {
			if v == a {
				return nil
			}
		}
		return fmt.Errorf("%q is not accepted; accepted: %v", v, accepted)
	}
}

func positiveInt(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 1 {
		return fmt.Errorf("%q is not accepted; accepted: an integer of 1 or more", v)
	}
	return nil
}

func nonNegativeInt(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 0 {
		return fmt.Errorf("%q is not accepted; accepted: an integer of 0 or more", v)
	}
	return nil
}

func atLeast(least int, why string) func(string) error {
	return func(v string) error {
		if n, err := strconv.Atoi(v); err != nil || n < least {
			return fmt.Errorf("%q is not accepted; accepted: an integer of %d or more (%s)", v, least, why)
		}
		return nil
	}
}

// kibibytes: a ConfigMap's padding, which must keep it under the 1 MiB a ConfigMap may hold.
func kibibytes(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 900 {
		return fmt.Errorf("%q is not accepted; accepted: an integer from 0 to 900 (a ConfigMap holds at most 1 MiB)", v)
	}
	return nil
}

func positiveNumber(v string) error {
	if f, err := strconv.ParseFloat(v, 64); err != nil || !(f > 0) {
		return fmt.Errorf("%q is not accepted; accepted: a number above 0", v)
	}
	return nil
}

// keyOrder is a seeded random order of fixture names, a power of two long, so the next
// key is one AND away and no RNG runs in the timed loop (as the Java side's KeyOrder).
type keyOrder struct {
	keys []string
	mask uint64
}

func newKeyOrder(objects int, seed uint64) keyOrder {
	const length = 1 << 16
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	k := keyOrder{keys: make([]string, length), mask: length - 1}
	for i := range k.keys {
		k.keys[i] = ConfigMapName(r.IntN(objects))
	}
	return k
}

func (k keyOrder) at(i uint64) string { return k.keys[i&k.mask] }

// namespaceSuffix: a benchmark that writes has a namespace of its own (its file registers it).
var namespaceSuffix = map[string]string{}

// seedsItsOwn: a benchmark whose trial seeds objects of its own (its file registers it) gets no
// ConfigMap fixture of the run, as its Java class seeds none.
var seedsItsOwn = map[string]bool{}
