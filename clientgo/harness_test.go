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
