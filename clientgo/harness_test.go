package main

import (
	"context"
	"testing"
	"time"
)

// hookedTrial is an in-process trial of the harness's own: ops of 2 ms, teardowns of 6 ms.
type hookedTrial struct {
	before, after, ops, teardowns int
}

func (h *hookedTrial) Op(int, uint64) error { h.ops++; time.Sleep(2 * time.Millisecond); return nil }

func (h *hookedTrial) AfterOp(int) error { h.teardowns++; time.Sleep(6 * time.Millisecond); return nil }

func (h *hookedTrial) BeforeIteration(context.Context) error { h.before++; return nil }

func (h *hookedTrial) AfterIteration(_ context.Context, m Secondaries) error {
	h.after++
	m.Sum("resync.rounds", float64(h.after), "rounds")
	return nil
}

func (h *hookedTrial) Close() {}

func TestIterationHooksRunAroundEachIterationAndTeardownsAreNotTimed(t *testing.T) {
	trial := &hookedTrial{}
	b := Benchmark{Name: "hooked", Mode: "avgt", Unit: "ms/op", Threads: 1}
	its, err := runIterations(context.Background(), b, trial, ForkSpec{WarmupIterations: 1, Iterations: 2,
		Warmup: 50 * time.Millisecond, Measurement: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if trial.before != 3 || trial.after != 3 || trial.ops != trial.teardowns {
		t.Fatalf("%d iteration setups, %d teardowns, %d ops, %d op teardowns", trial.before, trial.after,
			trial.ops, trial.teardowns)
	}
	if len(its) != 2 {
		t.Fatalf("%d measurement iterations", len(its))
	}
	for i, it := range its {
		// 2 ms per op and more (a sleep overshoots), but not the 8 ms an op and its teardown take.
		if it.Primary < 2 || it.Primary > 5 {
			t.Errorf("iteration %d: %v ms/op; the teardown is not to be timed", i, it.Primary)
		}
		if got := it.Secondary["resync.rounds"]; got.V != float64(i+2) || got.Policy != Sum {
			t.Errorf("iteration %d: the iteration teardown's metric is %+v", i, got)
		}
		if it.Secondary["ops.all"].V < 1 {
			t.Errorf("iteration %d ran no op", i)
		}
	}
}

// allocatingTrial allocates size bytes an op (none at 0), kept so that they escape to the heap.
type allocatingTrial struct {
	size int
	kept []byte
}

func (a *allocatingTrial) Op(int, uint64) error {
	if a.size > 0 {
		a.kept = make([]byte, a.size)
	}
	return nil
}

func (a *allocatingTrial) Close() {}

// With -prof gc each measurement iteration holds the bytes its ops allocated, per op, as JMH's
// gc.alloc.rate.norm (B/op, averaged); without it there is no such metric.
func TestAllocationPerOpIsMeasuredWhenAsked(t *testing.T) {
	b := Benchmark{Name: "alloc", Mode: "avgt", Unit: "ns/op", Threads: 1}
	spec := ForkSpec{WarmupIterations: 1, Iterations: 2, Warmup: 20 * time.Millisecond,
		Measurement: 50 * time.Millisecond, Allocation: true}
	for _, c := range []struct {
		size      int
		low, high float64
	}{{256, 256, 256.5}, {0, 0, 0.5}} {
		its, err := runIterations(context.Background(), b, &allocatingTrial{size: c.size}, spec)
		if err != nil {
			t.Fatal(err)
		}
		for i, it := range its {
			m, ok := it.Secondary["gc.alloc.rate.norm"]
			if !ok || m.Unit != "B/op" || m.Policy != Avg || m.V < c.low || m.V > c.high {
				t.Errorf("%d B an op, iteration %d: gc.alloc.rate.norm %+v (present: %v), want %v to %v B/op",
					c.size, i, m, ok, c.low, c.high)
			}
		}
	}
	spec.Allocation = false
	its, err := runIterations(context.Background(), b, &allocatingTrial{size: 64}, spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := its[0].Secondary["gc.alloc.rate.norm"]; ok {
		t.Errorf("gc.alloc.rate.norm without -prof gc")
	}
}
