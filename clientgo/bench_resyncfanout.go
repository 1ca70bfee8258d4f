package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/fixtures"
)

func init() {
	register(
		Benchmark{pkg + "ResyncFanoutBenchmark.resyncCallback", "thrpt", "ops/s", 1, []Param{clientParam,
			{"handlers", []string{"1", "4"}, positiveInt}, objects3,
			{"resyncMillis", []string{"1000"}, atLeast(1000, "the informer resyncs no less than every second")}},
			startResyncFanout},
	)
}

// resyncStartOffset: an iteration's window starts this long after a round's start, so that an
// iteration time of whole seconds does not run out while a release is being taken (+0.33 % on the
// score at 3 s iterations), as the Java side's START_OFFSET_MILLIS.
const resyncStartOffset = 10 * time.Millisecond

// resyncFanoutTrial: ResyncFanoutBenchmark. An informer with resync period resyncMillis and
// `handlers` counting handlers on a quiet namespace; an op takes one credit of a complete round
// (fixtures.ResyncObserver), so each iteration's window runs from one round's start to a later
// one's and the score is objects × handlers / the measured period. resync.cpuNsPerCallback is left
// out: Go has no per-goroutine CPU time (the Java side reads each handler thread's).
type resyncFanoutTrial struct {
	informer *configMapInformer
	observer *fixtures.ResyncObserver
	timeout  time.Duration
	// credits are taken from the observer and not used by ops yet: carried across iterations.
	credits    int64
	firstRound int64
}

func startResyncFanout(ctx context.Context, env *TrialEnv) (Trial, error) {
	millis, _ := strconv.Atoi(env.Params["resyncMillis"])
	handlers, _ := strconv.Atoi(env.Params["handlers"])
	period := time.Duration(millis) * time.Millisecond
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
	if err != nil {
		return nil, err
	}
	// Ten periods and half a minute: no round in that time means the informer stopped resyncing.
	t := &resyncFanoutTrial{observer: fixtures.NewResyncObserver(period, fixtures.Nanotime),
		timeout: 10*period + 30*time.Second}
	// The factory's default resync is each handler's period and the informer's resync check's.
	t.informer, err = startHandledInformer(cs, env.Namespace, period, t.observer.NewHandlers(handlers)...)
	if err != nil {
		return nil, err
	}
	if err := t.informer.waitSynced(ctx, 10*time.Minute); err != nil {
		t.Close()
		return nil, err
	}
	// Synced means cached, not yet delivered: the initial adds are in before any iteration.
	adds := int64(env.Objects * handlers)
	err = pollUntil(ctx, 60*time.Second, time.Millisecond, fmt.Sprintf("%d initial adds", adds),
		func() bool { return t.observer.OtherCallbacks() >= adds })
	if err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// BeforeIteration starts the window at a round's start. It can at the last one when the last
// iteration ended on it (its leftover credits are that release's), no round began since and that
// start is recent enough to begin resyncStartOffset after it; otherwise it waits for the next round.
func (t *resyncFanoutTrial) BeforeIteration(context.Context) error {
	pending, _ := t.observer.PendingCredits()
	_, start := t.observer.CurrentRound()
	if t.credits == 0 || pending > 0 || fixtures.Nanotime()-start > int64(resyncStartOffset) {
		t.observer.TakeCredits() // dropped
		var err error
		if t.credits, err = t.observer.AwaitCredits(t.timeout); err != nil {
			return err
		}
	}
	t.firstRound, start = t.observer.CurrentRound()
	if left := start + int64(resyncStartOffset) - fixtures.Nanotime(); left > 0 {
		time.Sleep(time.Duration(left))
	}
	return nil
}

// Op takes one resync callback of a complete round; waits for the next round's start when none is left.
func (t *resyncFanoutTrial) Op(int, uint64) error {
	if t.credits == 0 {
		var err error
		if t.credits, err = t.observer.AwaitCredits(t.timeout); err != nil {
			return err
		}
	}
	t.credits--
	return nil
}

func (t *resyncFanoutTrial) AfterIteration(_ context.Context, m Secondaries) error {
	last, _ := t.observer.CurrentRound()
	w := t.observer.Window(t.firstRound, last)
	pending, lastRelease := t.observer.PendingCredits()
	m.Sum("resync.rounds", float64(w.Rounds), "rounds")
	m.Sum("resync.iterationsEndedInBurst", flag(endedInBurst(t.credits, pending, lastRelease)), "iterations")
	if w.Rounds > 0 {
		m.Min("resync.minCallbacksPerRound", float64(w.MinCallbacks), "callbacks")
		m.Average("resync.meanCallbacksPerRound", w.MeanCallbacks, "callbacks")
		// Harmonic over iterations: the period that goes with the mean of the iterations' scores.
		m.HarmonicMean("resync.periodMs", w.PeriodMillis, "ms")
		m.Average("resync.roundDeliveryMs", w.MeanDeliveryMillis, "ms")
	}
	return nil
}

// endedInBurst: the iteration's time ran out while the ops were taking a release (more of it was
// taken than the one credit of an op that waited for it, and no later one is pending): its score
// then holds part of a round.
func endedInBurst(credits, pending, lastRelease int64) bool {
	return credits < lastRelease-1 && pending == 0
}

func (t *resyncFanoutTrial) Close() {
	if t.informer != nil {
		t.informer.Close()
	}
}
