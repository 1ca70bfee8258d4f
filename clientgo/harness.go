package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"dev.informerbench/clientgo/internal/accounting"
)

// Iteration is one measurement iteration's primary value and secondary metrics.
type Iteration struct {
	Primary   float64
	Secondary Secondaries
}

// sink keeps benchmark results alive so the compiler cannot drop the work.
var sink atomic.Value

// runIterations runs warm-up then measurement iterations of a trial, printing JMH-like
// lines, and returns the measurement iterations. Requests are counted from the end of an
// iteration's setup to the end of its teardown, as the Java side's ApiRequestProfiler does;
// with spec.Allocation, the bytes allocated per op of each iteration's timed work too
// (gc.alloc.rate.norm, as JMH's -prof gc names it).
func runIterations(ctx context.Context, b Benchmark, t Trial, spec ForkSpec) ([]Iteration, error) {
	var out []Iteration
	total := spec.WarmupIterations + spec.Iterations
	for n := 1; n <= total; n++ {
		warmup := n <= spec.WarmupIterations
		dur := spec.Measurement
		if warmup {
			dur = spec.Warmup
		}
		sec := Secondaries{}
		var primary float64
		var ops int64
		var before accounting.Counts
		var err error
		alloc := allocation{on: spec.Allocation}
		switch tt := t.(type) {
		case ShotTrial:
			if err = tt.Before(ctx); err != nil {
				return nil, fmt.Errorf("iteration setup: %w", err)
			}
			before = accounting.Process.Snapshot()
			alloc.start()
			start := time.Now()
			err = tt.Shot(ctx)
			primary, ops = float64(time.Since(start).Nanoseconds())/1e6, 1
			alloc.stop()
			if err == nil {
				err = tt.After(ctx, sec)
			}
		case TimedTrial:
			hooks, hooked := tt.(IterationHooks)
			if hooked {
				if err = hooks.BeforeIteration(ctx); err != nil {
					return nil, fmt.Errorf("iteration setup: %w", err)
				}
			}
			before = accounting.Process.Snapshot()
			primary, ops, err = runTimed(tt, b.Threads, dur, b.Mode, &alloc)
			if b.Mode == "avgt" {
				primary /= nanosPer(b.Unit)
			}
			if err == nil && hooked {
				err = hooks.AfterIteration(ctx, sec)
			}
		}
		if err != nil {
			return nil, err
		}
		d := accounting.Process.Snapshot().Minus(before)
		label := "Iteration"
		if warmup {
			label = "# Warmup Iteration"
		}
		fmt.Printf("%s %3d: %s %s\n", label, iterIndex(n, spec.WarmupIterations), short(primary), b.Unit)
		if warmup {
			continue
		}
		for name, v := range map[string]int64{"api.list": d.List, "api.watch": d.Watch, "api.get": d.Get,
			"api.write": d.Write, "api.other": d.Other, "api.429": d.TooMany} {
			sec[name] = Value{float64(v), "requests", Sum}
		}
		sec["ops.all"] = Value{float64(ops), "ops", Sum}
		sec["ops.measured"] = Value{float64(ops), "ops", Sum}
		if alloc.on {
			sec.Average("gc.alloc.rate.norm", float64(alloc.bytes)/float64(ops), "B/op")
		}
		out = append(out, Iteration{primary, sec})
	}
	return out, nil
}

func iterIndex(n, warmups int) int {
	if n <= warmups {
		return n
	}
	return n - warmups
}

// runTimed runs op on threads goroutines for dur. avgt: the mean over goroutines of each
// one's time per op (JMH's avgt with threads); thrpt: the sum of their ops per second. A trial
// with an OpTeardown has it run after each op, outside the time that counts. alloc counts the
// bytes allocated from the goroutines' start to their end.
func runTimed(t TimedTrial, threads int, dur time.Duration, mode string, alloc *allocation) (float64, int64, error) {
	teardown, perOp := t.(OpTeardown)
	var stop atomic.Bool
	var wg sync.WaitGroup
	start := make(chan struct{})
	elapsed := make([]time.Duration, threads)
	ops := make([]int64, threads)
	errs := make([]error, threads)
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// Each goroutine starts at its own place in the key order.
			i := uint64(w) << 14
			began := time.Now()
			var n int64
			var timed time.Duration
			for !stop.Load() {
				var err error
				if perOp {
					// Clock reads only here: ns-scale ops without a teardown must not pay for them.
					opStart := time.Now()
					if err = t.Op(w, i); err == nil {
						timed += time.Since(opStart)
						err = teardown.AfterOp(w)
					}
				} else {
					err = t.Op(w, i)
				}
				if err != nil {
					errs[w] = err
					break
				}
				i++
				n++
			}
			elapsed[w], ops[w] = time.Since(began), n
			if perOp {
				elapsed[w] = timed
			}
		}()
	}
	alloc.start()
	timer := time.AfterFunc(dur, func() { stop.Store(true) })
	close(start)
	wg.Wait()
	alloc.stop()
	timer.Stop()
	var score float64
	var all int64
	for w := range threads {
		if errs[w] != nil {
			return 0, 0, errs[w]
		}
		all += ops[w]
		if ops[w] == 0 {
			return 0, 0, fmt.Errorf("goroutine %d ran no op in %v", w, dur)
		}
		if mode == "avgt" {
			score += float64(elapsed[w].Nanoseconds()) / float64(ops[w]) / float64(threads)
		} else {
			score += float64(ops[w]) / elapsed[w].Seconds()
		}
	}
	return score, all, nil
}

// allocation counts the bytes the process allocates between start and stop, when on: the heap's
// TotalAlloc (each object's size rounded up to its size class), whose ReadMemStats stops the world
// and flushes every P's cache, so that the count is exact at that moment and not late by the spans
// in use (runtime/metrics' /gc/heap/allocs:bytes is). It is read only at the edges of an
// iteration's timed work, never inside it. What it holds besides the ops: every other goroutine's
// allocations in that time, as JMH's -prof gc counts every thread of the fork: an informer's watch
// decoding (on the quiet namespace of an in-process row, a bookmark now and then), ResyncFanout's
// resyncs and handlers (its ops' own work), the iteration's timer (a few hundred bytes).
type allocation struct {
	on            bool
	before, bytes uint64
}

func (a *allocation) start() {
	if a.on {
		a.before = totalAlloc()
	}
}

func (a *allocation) stop() {
	if a.on {
		a.bytes = totalAlloc() - a.before
	}
}

func totalAlloc() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// short prints a score with about four significant digits, like JMH's progress lines.
func short(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.1f", v)
	case v >= 1:
		return fmt.Sprintf("%.3f", v)
	default:
		return fmt.Sprintf("%.5f", v)
	}
}

// pollUntil checks cond every interval until it holds or the timeout passes.
func pollUntil(ctx context.Context, timeout, interval time.Duration, what string, cond func() bool) error {
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out after %v waiting for %s", timeout, what)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(interval)
	}
	return nil
}

// nanosPer is the nanoseconds in an avgt unit's time (runTimed measures ns per op).
func nanosPer(unit string) float64 {
	switch unit {
	case "us/op":
		return 1e3
	case "ms/op":
		return 1e6
	case "s/op":
		return 1e9
	default:
		return 1
	}
}
