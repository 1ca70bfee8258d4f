package main

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
)

// noTime marks a time not yet seen (Long.MIN_VALUE on the Java side).
const noTime = math.MinInt64

// resyncObserver ports the Java side's ResyncObserver: handlers that count resync callbacks (an
// update whose old and new resourceVersion are the same) and group them into rounds. A callback
// more than half the period after its handler's previous one starts that handler's next round;
// the first handler to start one starts it for all. When round k begins, round k-1 is complete
// and its callbacks are released at once as credits: an op that takes one credit counts
// callbacks of whole rounds only, and waits for the next round's start when none is left.
// Go has no per-goroutine CPU time, so the Java side's CPU bookkeeping is not ported.
type resyncObserver struct {
	gap    int64
	clock  func() int64
	others atomic.Int64
	wake   chan struct{} // a release's wake-up for the one waiter

	mu                    sync.Mutex
	handlers              []*countingHandler
	round                 int64 // the open round, -1 before the first
	roundStart            int64
	callbacksAtRoundStart int64
	completed             []resyncRound
	credits               int64
	lastRelease           int64
	permits               int // releases whose credits are not taken or dropped yet
}

// resyncRound is one complete round: its first and last callback (any handler) and their count.
type resyncRound struct {
	index, start, end, callbacks int64
}

func newResyncObserver(period time.Duration, clock func() int64) *resyncObserver {
	return &resyncObserver{gap: int64(period) / 2, clock: clock, round: -1, wake: make(chan struct{}, 1)}
}

// countingHandler's last is written by its own listener goroutine only (one per handler in
// client-go); total and published are read by others.
type countingHandler struct {
	o         *resyncObserver
	last      int64
	total     atomic.Int64
	published atomic.Int64
}

// newHandlers adds count handlers, each counting on its own.
func (o *resyncObserver) newHandlers(count int) []cache.ResourceEventHandler {
	var out []cache.ResourceEventHandler
	o.mu.Lock()
	defer o.mu.Unlock()
	for range count {
		h := &countingHandler{o: o, last: noTime}
		h.published.Store(noTime)
		o.handlers = append(o.handlers, h)
		out = append(out, cache.ResourceEventHandlerFuncs{
			AddFunc: func(interface{}) { o.others.Add(1) },
			UpdateFunc: func(oldObj, newObj interface{}) {
				oldCM, ok1 := oldObj.(*corev1.ConfigMap)
				newCM, ok2 := newObj.(*corev1.ConfigMap)
				if ok1 && ok2 && oldCM.ResourceVersion == newCM.ResourceVersion {
					h.resyncCallback(o.clock())
				} else {
					o.others.Add(1)
				}
			},
			DeleteFunc: func(interface{}) { o.others.Add(1) },
		})
	}
	return out
}

func (h *countingHandler) resyncCallback(now int64) {
	if h.last == noTime || now-h.last > h.o.gap {
		h.o.handlerRoundStarted(now)
	}
	h.last = now
	// Counted after the round-start bookkeeping: a round begun by this callback gets it.
	h.published.Store(now)
	h.total.Add(1)
}

func (o *resyncObserver) handlerRoundStarted(now int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.round >= 0 && now-o.roundStart <= o.gap {
		return // another handler began this round already
	}
	// No handler has counted a callback of the new round yet: it would have taken the lock first.
	var total int64
	end := int64(noTime)
	for _, c := range o.handlers {
		total += c.total.Load()
		end = max(end, c.published.Load())
	}
	if o.round >= 0 {
		callbacks := total - o.callbacksAtRoundStart
		o.completed = append(o.completed, resyncRound{o.round, o.roundStart, end, callbacks})
		o.credits += callbacks
		o.lastRelease = callbacks
		o.permits++
		select {
		case o.wake <- struct{}{}:
		default:
		}
	}
	o.round++
	o.roundStart = now
	o.callbacksAtRoundStart = total
}

// otherCallbacks: adds, updates with a new resourceVersion and deletes.
func (o *resyncObserver) otherCallbacks() int64 { return o.others.Load() }

// currentRound is the round begun last (-1 before the first) and when it began.
func (o *resyncObserver) currentRound() (int64, int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.round, o.roundStart
}

// pendingCredits are released and not taken; lastReleased is how many the latest release held.
func (o *resyncObserver) pendingCredits() (pending, lastReleased int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.credits, o.lastRelease
}

// takeCredits takes every released credit, 0 when there is none; dropping them is the same call.
func (o *resyncObserver) takeCredits() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := o.credits
	o.credits, o.permits = 0, 0
	return c
}

// awaitCredits waits until a round's start has released credits, then takes them all (at once
// when some are released already). One goroutine takes; it is woken by the release, not a poll.
func (o *resyncObserver) awaitCredits(timeout time.Duration) (int64, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		o.mu.Lock()
		if o.permits > 0 {
			c := o.credits
			o.credits, o.permits = 0, 0
			o.mu.Unlock()
			return c, nil
		}
		o.mu.Unlock()
		select {
		case <-o.wake: // may be stale (a release taken since): the loop looks again
		case <-deadline.C:
			return 0, &timeoutError{"waited " + timeout.String() + " for a resync round to begin"}
		}
	}
}

type timeoutError struct{ msg string }

func (e *timeoutError) Error() string { return e.msg }

// resyncWindow is the whole rounds between two round starts.
type resyncWindow struct {
	rounds             int
	periodMillis       float64
	minCallbacks       int64
	meanCallbacks      float64
	meanDeliveryMillis float64
}

// window is rounds from to to-1: from round from's start to round to's. Forgets rounds before from.
func (o *resyncObserver) window(from, to int64) resyncWindow {
	o.mu.Lock()
	defer o.mu.Unlock()
	var in []resyncRound
	fromStart, toStart := int64(noTime), int64(noTime)
	if to == o.round {
		toStart = o.roundStart
	}
	kept := o.completed[:0]
	for _, r := range o.completed {
		if r.index < from {
			continue
		}
		kept = append(kept, r)
		if r.index == from {
			fromStart = r.start
		}
		if r.index == to {
			toStart = r.start
		}
		if r.index < to {
			in = append(in, r)
		}
	}
	o.completed = kept
	return windowOf(in, fromStart, toStart)
}

func windowOf(rounds []resyncRound, fromStart, toStart int64) resyncWindow {
	if len(rounds) == 0 || fromStart == noTime || toStart == noTime {
		return resyncWindow{periodMillis: math.NaN(), meanCallbacks: math.NaN(), meanDeliveryMillis: math.NaN()}
	}
	least, sum, delivery := int64(math.MaxInt64), int64(0), int64(0)
	for _, r := range rounds {
		least = min(least, r.callbacks)
		sum += r.callbacks
		delivery += r.end - r.start
	}
	n := float64(len(rounds))
	return resyncWindow{rounds: len(rounds), periodMillis: float64(toStart-fromStart) / 1e6 / n, minCallbacks: least,
		meanCallbacks: float64(sum) / n, meanDeliveryMillis: float64(delivery) / 1e6 / n}
}
