package main

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/fixtures"
)

const ms = int64(time.Millisecond)

// fakeRounds drives resync rounds through an observer's handlers on a made-up clock, as the
// Java side's ResyncObserverTest does: a round's callbacks come within delivery, handlers interleaved.
// A callback is a handler's update of an object to the same resourceVersion at r.now.
type fakeRounds struct {
	o                *fixtures.ResyncObserver
	handlers         []cache.ResourceEventHandler
	resynced         *corev1.ConfigMap
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
		handlersInvolved: handlers,
		resynced:         &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: "1"}}}
	r.o = fixtures.NewResyncObserver(time.Second, func() int64 { return r.now })
	r.handlers = r.o.NewHandlers(handlers)
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
	r.handlers[r.next%r.handlersInvolved].OnUpdate(r.resynced, r.resynced)
	r.next++
}

// untilRelease steps until credits are pending; returns the time of the callback that released them.
func (r *fakeRounds) untilRelease() int64 {
	for {
		if pending, _ := r.o.PendingCredits(); pending > 0 {
			return r.now
		}
		r.step()
	}
}

func near(a, b, tolerance float64) bool { return math.Abs(a-b) <= tolerance }

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
					pending, _ := r.o.PendingCredits()
					_, roundStart := r.o.CurrentRound()
					if credits == 0 || pending > 0 || setupAt-roundStart > offset {
						r.o.TakeCredits()
						r.untilRelease()
						credits = r.o.TakeCredits()
					}
					first, roundStart := r.o.CurrentRound()
					start := roundStart + offset
					timeUp := start + iterationMs*ms
					ops, now := int64(0), start
					for {
						if credits == 0 {
							now = max(now, r.untilRelease()+50_000) // the waiter wakes up
							credits = r.o.TakeCredits()
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
					last, _ := r.o.CurrentRound()
					w := r.o.Window(first, last)
					pending, lastRelease := r.o.PendingCredits()
					if w.Rounds == 0 || w.MinCallbacks != int64(objects*handlers) {
						t.Fatalf("window %+v", w)
					}
					want := float64(objects*handlers) * 1000 / w.PeriodMillis
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
