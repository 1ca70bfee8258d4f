package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"
)

// monoBase is the origin of nanotime: time.Since reads the monotonic clock.
var monoBase = time.Now()

// nanotime is a monotonic clock in ns, as System.nanoTime on the Java side.
func nanotime() int64 { return int64(time.Since(monoBase)) }

// paddedCount keeps each handler's counter on a cache line of its own: the handlers run at once.
type paddedCount struct {
	atomic.Int64
	_ [56]byte
}

// burst is one operation of HandlerFanoutBenchmark as its handlers see it. Each burst has its own
// counts and receipts, so that a late or repeated event of an earlier one touches nothing of it.
type burst struct {
	id       string
	received []paddedCount // per handler: events of this burst
	receipts [][]int64     // per handler, by object index: nanotime of the callback's start
	pending  atomic.Int64  // handlers that still miss some event of it
	done     chan struct{} // closed by the handler that completes the burst
}

// burstReceivers are HandlerFanoutBenchmark's handlers (BurstReceivers on the Java side): each
// notes when each event of the current burst reached it, by the object index written in the
// data. The last handler to have all of them wakes the benchmark goroutine: no polling.
type burstReceivers struct {
	objects   int
	current   atomic.Pointer[burst]
	callbacks []paddedCount // per handler: every callback, initial adds and deletes included
}

func newBurstReceivers(handlers, objects int) *burstReceivers {
	return &burstReceivers{objects: objects, callbacks: make([]paddedCount, handlers)}
}

// newBurst prepares a burst (untimed); it is counted from start on.
func (r *burstReceivers) newBurst(n int) *burst {
	b := &burst{id: fmt.Sprintf("%d-%d-%d", os.Getpid(), time.Now().UnixNano(), n),
		received: make([]paddedCount, len(r.callbacks)), receipts: make([][]int64, len(r.callbacks)),
		done: make(chan struct{})}
	for h := range b.receipts {
		b.receipts[h] = make([]int64, r.objects)
	}
	b.pending.Store(int64(len(r.callbacks)))
	return b
}

// start makes b the burst whose events count; nil: none is (the cleanup between iterations).
func (r *burstReceivers) start(b *burst) { r.current.Store(b) }

func (r *burstReceivers) handler(h int) cache.ResourceEventHandler {
	return cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) { r.event(h, obj) },
		UpdateFunc: func(_, obj interface{}) { r.event(h, obj) },
		DeleteFunc: func(interface{}) { r.callbacks[h].Add(1) },
	}
}

func (r *burstReceivers) event(h int, obj interface{}) {
	now := nanotime()
	b := r.current.Load()
	cm, ok := obj.(*corev1.ConfigMap)
	if b != nil && ok && cm.Data["burst"] == b.id {
		i, err := strconv.Atoi(cm.Data["index"])
		if err == nil && i >= 0 && i < r.objects {
			// An event past the burst's count (a repeat) writes nothing: the burst may be read already.
			if n := b.received[h].Add(1); n <= int64(r.objects) {
				b.receipts[h][i] = now
				// This handler's receipts precede its decrement; the last decrement closes done.
				if n == int64(r.objects) && b.pending.Add(-1) == 0 {
					close(b.done)
				}
			}
		}
	}
	r.callbacks[h].Add(1)
}

// callbacksAtLeast: every handler has had at least n callbacks.
func (r *burstReceivers) callbacksAtLeast(n int64) bool {
	for h := range r.callbacks {
		if r.callbacks[h].Load() < n {
			return false
		}
	}
	return true
}

// waiting says how far the handlers are with b, for a timeout's message.
func (r *burstReceivers) waiting(b *burst) string {
	for h := range b.received {
		if got := b.received[h].Load(); got < int64(r.objects) {
			return fmt.Sprintf("handler %d got %d of %d events", h, got, r.objects)
		}
	}
	return "every handler got every event"
}

// deliveryLatencies are HandlerFanoutBenchmark's latencies over an iteration's bursts, per (event,
// handler): from the write's ack (a receipt before it counts as 0 and in beforeAck) and from its
// send. Raw values, not an HdrHistogram: the percentiles are exact (HdrHistogram's 3 digits: 0.1 %).
type deliveryLatencies struct {
	fromAck, fromSend []int64
	beforeAck         int64
	sorted            bool
}

// record adds one burst: ack and send by object index, each handler's receipts by the same index.
func (d *deliveryLatencies) record(ack, send []int64, receipts [][]int64) {
	for _, got := range receipts {
		for i := range ack {
			nanos := got[i] - ack[i]
			if nanos < 0 {
				d.beforeAck++
				nanos = 0
			}
			d.fromAck = append(d.fromAck, nanos)
			d.fromSend = append(d.fromSend, max(0, got[i]-send[i]))
		}
	}
	d.sorted = false
}

func (d *deliveryLatencies) reset() {
	d.fromAck, d.fromSend, d.beforeAck, d.sorted = d.fromAck[:0], d.fromSend[:0], 0, false
}

func (d *deliveryLatencies) receipts() int { return len(d.fromAck) }

func (d *deliveryLatencies) sort() {
	if !d.sorted {
		slices.Sort(d.fromAck)
		slices.Sort(d.fromSend)
		d.sorted = true
	}
}

func (d *deliveryLatencies) fromAckMicros(p float64) float64 {
	d.sort()
	return float64(atPercentile(d.fromAck, p)) / 1000
}

func (d *deliveryLatencies) fromSendMicros(p float64) float64 {
	d.sort()
	return float64(atPercentile(d.fromSend, p)) / 1000
}

// atPercentile is the value at rank ceil(p% of n) of sorted values, HdrHistogram's rule for
// getValueAtPercentile (p nudged down first, so that p% of n landing on a whole rank stays on it).
func atPercentile(sorted []int64, p float64) int64 {
	if len(sorted) == 0 {
		return 0
	}
	p = min(max(math.Nextafter(p, math.Inf(-1)), 0), 100)
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}
