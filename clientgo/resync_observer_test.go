package main

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const ms = int64(time.Millisecond)

// fakeRounds drives resync rounds through an observer's handlers on a made-up clock, as the
// Java side's ResyncObserverTest does: a round's callbacks come within delivery, handlers interleaved.
type fakeRounds struct {
	o                *resyncObserver
	objects          int
	delivery         int64
	periodsMs        []int64
	now              int64
	round, next      int
	roundStart       int64
	handlersInvolved int
}

func newFakeRounds(objects, handlers int, delivery int64, periodsMs ...int64) *fakeRounds {
	r := &fakeRounds{objects: objects, delivery: delivery, periodsMs: periodsMs, roundStart: 5000 * ms,
		handlersInvolved: handlers}
	r.o = newResyncObserver(time.Second, func() int64 { return r.now })
	r.o.newHandlers(handlers)
	return r
}

// step delivers the next callback.
func (r *fakeRounds) step() {
	perRound := r.objects * r.handlersInvolved
	if r.next == perRound {
		r.roundStart += r.periodsMs[r.round%len(r.periodsMs)] * ms
		r.round++
		r.next = 0
	}
	j := r.next / r.handlersInvolved
	r.now = r.roundStart + r.delivery*int64(j)/int64(r.objects)
	r.o.handlers[r.next%r.handlersInvolved].resyncCallback(r.now)
	r.next++
}

// untilRelease steps until credits are pending; returns the time of the callback that released them.
func (r *fakeRounds) untilRelease() int64 {
	for {
		if pending, _ := r.o.pendingCredits(); pending > 0 {
			return r.now
		}
		r.step()
	}
}

func near(a, b, tolerance float64) bool { return math.Abs(a-b) <= tolerance }

func TestARoundsCallbacksAreReleasedWhenTheNextRoundBegins(t *testing.T) {
	r := newFakeRounds(100, 2, 10*ms, 1000, 2000)
	for range 200 {
		r.step()
	}
	if round, _ := r.o.currentRound(); round != 0 {
		t.Fatalf("round %d, want 0", round)
	}
	if pending, _ := r.o.pendingCredits(); pending != 0 {
		t.Fatalf("round 0 is not known complete yet, but %d credits are pending", pending)
	}
	r.step() // the first callback of round 1
	round, _ := r.o.currentRound()
	pending, last := r.o.pendingCredits()
	if round != 1 || pending != 200 || last != 200 {
		t.Fatalf("round %d pending %d last release %d, want 1 200 200", round, pending, last)
	}
	if a, b := r.o.takeCredits(), r.o.takeCredits(); a != 200 || b != 0 {
		t.Fatalf("took %d then %d, want 200 then 0", a, b)
	}
	r.untilRelease() // round 2 begins 2000 ms after round 1
	w := r.o.window(0, 2)
	if w.rounds != 2 || !near(w.periodMillis, 1500, 1e-9) || w.minCallbacks != 200 ||
		!near(w.meanCallbacks, 200, 1e-9) || !near(w.meanDeliveryMillis, 9.9, 1e-9) {
		t.Fatalf("window %+v", w)
	}
	if len(r.o.completed) != 2 {
		t.Fatalf("%d rounds kept, want 2", len(r.o.completed))
	}
	if w := r.o.window(1, 2); w.rounds != 1 || len(r.o.completed) != 1 || !near(w.periodMillis, 2000, 1e-9) {
		t.Fatalf("window(1, 2) %+v keeping %d rounds", w, len(r.o.completed))
	}
	if w := r.o.window(2, 2); w.rounds != 0 || !math.IsNaN(w.periodMillis) {
		t.Fatalf("an empty window %+v", w)
	}
}

func TestAwaitCreditsTakesAReleaseAtOnceIsWokenByTheNextAndTimesOut(t *testing.T) {
	r := newFakeRounds(10, 1, ms, 1000)
	if _, err := r.o.awaitCredits(20 * time.Millisecond); err == nil ||
		!strings.Contains(err.Error(), "for a resync round to begin") {
		t.Fatalf("no round: %v", err)
	}
	r.untilRelease()
	if c, err := r.o.awaitCredits(20 * time.Millisecond); c != 10 || err != nil {
		t.Fatalf("released already: %d %v", c, err)
	}
	r.untilRelease()
	r.o.takeCredits() // dropped
	if _, err := r.o.awaitCredits(20 * time.Millisecond); err == nil {
		t.Fatal("dropped credits were taken")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(5 * time.Millisecond)
		r.untilRelease()
	}()
	if c, err := r.o.awaitCredits(10 * time.Second); c != 10 || err != nil {
		t.Fatalf("released by another goroutine: %d %v", c, err)
	}
	<-done
}

func TestTheObserverTellsAnAddOrARealUpdateFromAResync(t *testing.T) {
	o := newResyncObserver(time.Second, nanotime)
	h := o.newHandlers(1)[0]
	v1 := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: "1"}}
	v2 := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: "2"}}
	h.OnAdd(v1, true)
	h.OnUpdate(v1, v2)
	h.OnUpdate(v2, v2)
	h.OnDelete(v2)
	if got := o.handlers[0].total.Load(); got != 1 {
		t.Errorf("%d resync callbacks, want 1", got)
	}
	if got := o.otherCallbacks(); got != 3 {
		t.Errorf("%d other callbacks, want 3", got)
	}
}

// A throughput loop like runTimed's, simulated with the trial's iteration setup and teardown: an op
// takes one credit, waiting for a release when none is left. It scores objects × handlers / period.
func TestAThroughputLoopTakingOneCreditPerOpScoresCallbacksPerMeasuredPeriod(t *testing.T) {
	random := rand.New(rand.NewPCG(42, 42))
	offset := int64(resyncStartOffset)
	for _, objects := range []int{100, 1000, 10000} {
		for _, handlers := range []int{1, 4} {
			for _, iterationMs := range []int64{3000, 5000, 10000} {
				// Rounds every 1 or 2 periods, as a resync check that comes late would give.
				periods := make([]int64, 64)
				for i := range periods {
					periods[i] = 1000
					if random.IntN(4) == 0 {
						periods[i] = 2000
					}
				}
				r := newFakeRounds(objects, handlers, int64(objects)*20_000, periods...)
				var credits int64
				for range 4 {
					// BeforeIteration
					setupAt := r.now + 300_000
					pending, _ := r.o.pendingCredits()
					_, roundStart := r.o.currentRound()
					if credits == 0 || pending > 0 || setupAt-roundStart > offset {
						r.o.takeCredits()
						r.untilRelease()
						credits = r.o.takeCredits()
					}
					first, roundStart := r.o.currentRound()
					start := roundStart + offset
					timeUp := start + iterationMs*ms
					ops, now := int64(0), start
					for {
						if credits == 0 {
							now = max(now, r.untilRelease()+50_000) // the waiter wakes up
							credits = r.o.takeCredits()
						}
						credits--
						ops++
						now += 5
						if now >= timeUp {
							break
						}
					}
					score := float64(ops) * 1e9 / float64(now-start)
					// AfterIteration
					last, _ := r.o.currentRound()
					w := r.o.window(first, last)
					pending, lastRelease := r.o.pendingCredits()
					if w.rounds == 0 || w.minCallbacks != int64(objects*handlers) {
						t.Fatalf("window %+v", w)
					}
					want := float64(objects*handlers) * 1000 / w.periodMillis
					if !near(score, want, want*0.02) {
						t.Errorf("objects %d handlers %d iteration %d ms: score %v, want %v", objects, handlers,
							iterationMs, score, want)
					}
					if credits != lastRelease-1 || endedInBurst(credits, pending, lastRelease) {
						t.Errorf("did not end at a round's start: %d credits left of %d", credits, lastRelease)
					}
				}
			}
		}
	}
}

func TestEndedInBurst(t *testing.T) {
	cases := []struct {
		credits, pending, lastRelease int64
		want                          bool
	}{
		{99, 0, 100, false}, // the last op waited for the release and took one credit of it
		{50, 0, 100, true},  // the time ran out halfway through a release
		{50, 100, 100, false},
		{0, 0, 0, false},
	}
	for _, c := range cases {
		if got := endedInBurst(c.credits, c.pending, c.lastRelease); got != c.want {
			t.Errorf("endedInBurst(%d, %d, %d) = %v", c.credits, c.pending, c.lastRelease, got)
		}
	}
}
