package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/fixtures"
)

func init() {
	register(
		Benchmark{pkg + "HandlerFanoutBenchmark.burst", "avgt", "ms/op", 1, []Param{clientParam,
			{"event", []string{"UPDATE", "CREATE"}, oneOf("UPDATE", "CREATE")},
			{"handlers", []string{"1", "4", "16"}, positiveInt}, {"objects", []string{"100"}, positiveInt},
			{"sharing", []string{"SHARED", "INFORMER_PER_HANDLER"}, oneOf("SHARED", "INFORMER_PER_HANDLER")}},
			startFanout},
	)
	// a benchmark that writes has a namespace of its own, named as its Java class names it
	namespaceSuffix[pkg+"HandlerFanoutBenchmark.burst"] = "-fanout"
}

const (
	fanoutWriters   = 8
	deliveryTimeout = 60 * time.Second
	burstLabel      = "informer-bench/burst"
)

// fanoutTrial: HandlerFanoutBenchmark. An op is a burst: `objects` writes by 8 goroutines (UPDATE
// of cm-i, or CREATE of burst-<n>-<i>), until every handler has every event of it. SHARED: one
// informer with all handlers (client-go gives each its own listener goroutine and buffer);
// INFORMER_PER_HANDLER: an informer, LIST and WATCH each. The delivery latencies are recorded
// after each burst (OpTeardown), outside the time that counts, as the Java side's
// @TearDown(Level.Invocation). handler.cpuNsPerEvent is left out: Go has no per-goroutine CPU
// time (the Java side reads each handler thread's), and a handler's goroutine is not a thread.
type fanoutTrial struct {
	ns        string
	objects   int
	create    bool
	writer    *kubernetes.Clientset
	informers []*configMapInformer
	receivers *fixtures.BurstReceivers
	labels    []map[string]string // UPDATE: cm-i's labels as the fixture made them, written back unchanged
	ack, send []int64             // the current burst's writes, by object index (fixtures.Nanotime)
	next      *fixtures.Burst     // prepared untimed, started by the next op
	bursts    int
	delivery  fixtures.DeliveryLatencies
	setup     accounting.Counts // what starting the informers took
}

func startFanout(ctx context.Context, env *TrialEnv) (Trial, error) {
	handlers, _ := strconv.Atoi(env.Params["handlers"])
	t := &fanoutTrial{ns: env.Namespace, objects: env.Objects, create: env.Params["event"] == "CREATE",
		receivers: fixtures.NewBurstReceivers(handlers, env.Objects),
		ack:       make([]int64, env.Objects), send: make([]int64, env.Objects)}
	var err error
	if t.writer, err = cluster.NewClient(env.Config, cluster.ClientSpec{Unlimited: true}); err != nil {
		return nil, err
	}
	// What a failed fork may have left would make CREATE's names taken and the initial adds more.
	if err := t.deleteBursts(ctx); err != nil {
		return nil, err
	}
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
	if err != nil {
		return nil, err
	}
	before := accounting.Process.Snapshot()
	var all []cache.ResourceEventHandler
	for h := range handlers {
		all = append(all, t.receivers.Handler(h))
	}
	groups := [][]cache.ResourceEventHandler{all}
	if env.Params["sharing"] == "INFORMER_PER_HANDLER" {
		groups = nil
		for _, h := range all {
			groups = append(groups, []cache.ResourceEventHandler{h})
		}
	}
	for _, g := range groups {
		inf, err := startHandledInformer(cs, t.ns, 0, g...)
		if err != nil {
			t.Close()
			return nil, err
		}
		t.informers = append(t.informers, inf)
	}
	// Each informer opens its WATCH just after its LIST: wait for all, so that they are setup's.
	if err := t.setupDone(ctx, before); err != nil {
		t.Close()
		return nil, err
	}
	for i := range t.objects {
		t.labels = append(t.labels, fixtures.ConfigMap(env.Settings.RunID, t.ns, i).Labels)
	}
	return t, nil
}

// setupDone waits for every informer's sync, WATCH and initial adds to every handler.
func (t *fanoutTrial) setupDone(ctx context.Context, before accounting.Counts) error {
	for _, inf := range t.informers {
		if err := inf.waitSynced(ctx, 2*time.Minute); err != nil {
			return err
		}
	}
	watches := func() bool { return accounting.Process.Snapshot().Minus(before).Watch >= int64(len(t.informers)) }
	if err := pollUntil(ctx, 20*time.Second, time.Millisecond, "the informers' WATCHes", watches); err != nil {
		return err
	}
	t.setup = accounting.Process.Snapshot().Minus(before)
	adds := func() bool { return t.receivers.CallbacksAtLeast(int64(t.objects)) }
	return pollUntil(ctx, deliveryTimeout, time.Millisecond, "every handler's initial adds", adds)
}

func (t *fanoutTrial) BeforeIteration(context.Context) error {
	t.bursts = 0
	t.delivery.Reset()
	t.next = t.receivers.NewBurst(0)
	return nil
}

// Op is one burst: its writes, then the wait until every handler has every event of it.
func (t *fanoutTrial) Op(int, uint64) error {
	b, n := t.next, t.bursts
	t.bursts++
	t.receivers.Start(b)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, fanoutWriters)
	for w := range fanoutWriters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < t.objects; i = int(next.Add(1) - 1) {
				if errs[w] = t.write(b.ID(), n, i); errs[w] != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	timeout := time.NewTimer(deliveryTimeout)
	defer timeout.Stop()
	select {
	case <-b.Done():
		return nil
	case <-timeout.C:
		return fmt.Errorf("timed out after %v waiting for every handler to get %d events (%s)",
			deliveryTimeout, t.objects, t.receivers.Waiting(b))
	}
}

// write is one write of burst id; send and ack bracket the request (a 429 is retried).
func (t *fanoutTrial) write(id string, n, i int) error {
	ctx := context.Background()
	cms := t.writer.CoreV1().ConfigMaps(t.ns)
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: t.ns},
		Data: map[string]string{"index": strconv.Itoa(i), "burst": id}}
	if t.create {
		cm.Name = fmt.Sprintf("burst-%d-%d", n, i)
		cm.Labels = map[string]string{fixtures.ManagedByLabel: fixtures.ManagedBy, burstLabel: "true"}
	} else {
		// Unconditional (no resourceVersion): one request, and every write is a real change.
		cm.Name, cm.Labels = fixtures.ConfigMapName(i), t.labels[i]
	}
	return fixtures.Retry429(ctx, func() (err error) {
		t.send[i] = fixtures.Nanotime()
		if t.create {
			_, err = cms.Create(ctx, cm, metav1.CreateOptions{})
		} else {
			_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
		}
		t.ack[i] = fixtures.Nanotime()
		if err != nil {
			err = fmt.Errorf("writing %s/%s: %w", t.ns, cm.Name, err)
		}
		return err
	})
}

// AfterOp records the burst's latencies (untimed) and prepares the next burst.
func (t *fanoutTrial) AfterOp(int) error {
	t.delivery.Record(t.ack, t.send, t.receivers.Current().Receipts())
	t.next = t.receivers.NewBurst(t.bursts)
	return nil
}

func (t *fanoutTrial) AfterIteration(ctx context.Context, m Secondaries) error {
	if n := t.delivery.Receipts(); n > 0 {
		m.Average("delivery.p50Us", t.delivery.FromAckMicros(50), "us")
		m.Average("delivery.p99Us", t.delivery.FromAckMicros(99), "us")
		m.Average("delivery.beforeAckPct", 100*float64(t.delivery.BeforeAck())/float64(n), "%")
		m.Average("delivery.fromSendP50Us", t.delivery.FromSendMicros(50), "us")
		m.Average("delivery.fromSendP99Us", t.delivery.FromSendMicros(99), "us")
		// Every handler got every event of every burst (the burst waits for it): a count to check.
		m.Sum("delivery.receipts", float64(n), "receipts")
	}
	// What starting the informers took (trial setup, so not in api.*): per informer one LIST, one WATCH.
	m.Average("setup.lists", float64(t.setup.List), "requests")
	m.Average("setup.watches", float64(t.setup.Watch), "requests")
	t.receivers.Start(nil)
	if !t.create {
		return nil
	}
	// One request removes the iteration's ConfigMaps; the informers see them go before the next.
	if err := t.deleteBursts(ctx); err != nil {
		return err
	}
	return pollUntil(ctx, deliveryTimeout, time.Millisecond, "the informers to see the burst ConfigMaps deleted",
		func() bool {
			for _, inf := range t.informers {
				if len(inf.informer.GetStore().ListKeys()) > t.objects {
					return false
				}
			}
			return true
		})
}

func (t *fanoutTrial) deleteBursts(ctx context.Context) error {
	return fixtures.Retry429(ctx, func() error {
		return t.writer.CoreV1().ConfigMaps(t.ns).DeleteCollection(ctx, metav1.DeleteOptions{},
			metav1.ListOptions{LabelSelector: burstLabel + "=true"})
	})
}

func (t *fanoutTrial) Close() {
	for _, inf := range t.informers {
		inf.Close()
	}
}
