package main

import (
	"strconv"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
)

func TestAReceiptBeforeTheAckCountsAsZeroAndIsCounted(t *testing.T) {
	var d deliveryLatencies
	ack := []int64{100_000, 200_000}
	send := []int64{50_000, 150_000}
	// handler 1: 50 µs after the first ack, 10 µs before the second; handler 2: 1 ms and 2 ms after
	d.record(ack, send, [][]int64{{150_000, 190_000}, {1_100_000, 2_200_000}})
	if d.receipts() != 4 || d.beforeAck != 1 {
		t.Fatalf("%d receipts, %d before the ack; want 4, 1", d.receipts(), d.beforeAck)
	}
	checks := map[string][2]float64{
		"fromAck p100": {d.fromAckMicros(100), 2000}, "fromAck p0": {d.fromAckMicros(0), 0},
		"fromAck p50": {d.fromAckMicros(50), 50}, "fromAck p99": {d.fromAckMicros(99), 2000},
		"fromSend p0": {d.fromSendMicros(0), 40}, "fromSend p50": {d.fromSendMicros(50), 100},
	}
	for what, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %v µs, want %v", what, c[0], c[1])
		}
	}
	d.record(ack, send, [][]int64{{300_000, 300_000}})
	if got := d.fromAckMicros(100); got != 2000 {
		t.Errorf("after a second burst, p100 %v µs", got)
	}
	d.reset()
	if d.receipts() != 0 || d.beforeAck != 0 {
		t.Errorf("after reset: %d receipts, %d before the ack", d.receipts(), d.beforeAck)
	}
}

// HdrHistogram's getValueAtPercentile: the value at rank ceil(p/100 × n), at least the first.
func TestAtPercentileIsHdrHistogramsRank(t *testing.T) {
	hundred := make([]int64, 100)
	for i := range hundred {
		hundred[i] = int64(i + 1)
	}
	cases := []struct {
		values []int64
		p      float64
		want   int64
	}{
		{hundred, 50, 50}, {hundred, 99, 99}, {hundred, 99.5, 100}, {hundred, 100, 100}, {hundred, 0, 1},
		{hundred, 0.5, 1}, {hundred, 1, 1}, {hundred, 1.01, 2},
		{[]int64{7}, 50, 7}, {[]int64{1, 2, 3}, 50, 2}, {[]int64{1, 2, 3, 4}, 50, 2}, {[]int64{1, 2, 3, 4}, 99, 4},
		{nil, 50, 0},
	}
	for _, c := range cases {
		if got := atPercentile(c.values, c.p); got != c.want {
			t.Errorf("p%v of %d values = %d, want %d", c.p, len(c.values), got, c.want)
		}
	}
}

func burstConfigMap(index int, burst string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: ConfigMapName(index), ResourceVersion: "1"},
		Data: map[string]string{"index": strconv.Itoa(index), "burst": burst}}
}

func TestReceiversCountOnlyTheBurstAwaitedAndNoteWhenEachArrived(t *testing.T) {
	r := newBurstReceivers(2, 3)
	b := r.newBurst(1)
	other := r.newBurst(0)
	r.start(b)
	var handlers []cache.ResourceEventHandler
	for h := range 2 {
		handlers = append(handlers, r.handler(h))
	}
	for h, handler := range handlers {
		for i := range 3 {
			select {
			case <-b.done:
				t.Fatalf("done before handler %d got event %d", h, i)
			default:
			}
			handler.OnUpdate(burstConfigMap(i, other.id), burstConfigMap(i, b.id))
			handler.OnUpdate(burstConfigMap(i, b.id), burstConfigMap(i, other.id)) // a late event of another burst
		}
	}
	select {
	case <-b.done:
	case <-time.After(5 * time.Second):
		t.Fatalf("not done: %s", r.waiting(b))
	}
	handlers[0].OnAdd(burstConfigMap(0, b.id), false) // a repeat past the count changes nothing
	for h := range 2 {
		for i, at := range b.receipts[h] {
			if at <= 0 {
				t.Errorf("handler %d has no receipt of event %d", h, i)
			}
		}
		if got := b.received[h].Load(); got != 3+int64(h^1) {
			t.Errorf("handler %d counted %d events", h, got)
		}
	}
	if !r.callbacksAtLeast(6) || r.callbacksAtLeast(8) {
		t.Errorf("callbacks %d and %d, want 7 and 6", r.callbacks[0].Load(), r.callbacks[1].Load())
	}
	r.start(nil)
	handlers[1].OnDelete(burstConfigMap(0, b.id))
	if got := r.callbacks[1].Load(); got != 7 {
		t.Errorf("a delete is a callback: %d, want 7", got)
	}
}

func TestCustomIndexersAreTheJavaClasss(t *testing.T) {
	cm := fixtureConfigMap("run", "ns", 1234)
	for count, want := range map[int][]string{0: {cache.NamespaceIndex}, 1: {cache.NamespaceIndex, appIndex},
		3: {cache.NamespaceIndex, appIndex, "by-index", "by-prefix"}} {
		got := customIndexers(count)
		if len(got) != len(want) {
			t.Fatalf("%d custom indexes: %d indexers", count, len(got))
		}
		for _, name := range want {
			if got[name] == nil {
				t.Fatalf("%d custom indexes: no %s", count, name)
			}
		}
	}
	values := map[string]string{cache.NamespaceIndex: "ns", appIndex: "app-2", "by-index": "1234", "by-prefix": "cm-01"}
	for name, f := range customIndexers(3) {
		if got, err := f(cm); err != nil || len(got) != 1 || got[0] != values[name] {
			t.Errorf("%s: %v %v, want %s", name, got, err, values[name])
		}
	}
	bare := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "abc"}}
	for name, want := range map[string]string{appIndex: "", "by-index": "", "by-prefix": "abc"} {
		if got, err := customIndexers(3)[name](bare); err != nil || got[0] != want {
			t.Errorf("%s of a bare ConfigMap: %v %v, want %q", name, got, err, want)
		}
	}
}
