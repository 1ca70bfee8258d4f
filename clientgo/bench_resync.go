package main

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/cluster"
)

func init() {
	register(
		Benchmark{pkg + "ResyncZeroBenchmark.window", "ss", "ms/op", 1, []Param{clientParam,
			{"objects", []string{"1000"}, positiveInt}, {"resyncMillis", []string{"0", "1000"}, nonNegativeInt},
			{"windowMillis", []string{"5000"}, positiveInt}}, startResyncZero},
	)
}

// resyncZeroTrial: ResyncZeroBenchmark, one counting handler on an informer with resync period
// resyncMillis, over a quiet namespace, for windowMillis per iteration. A resync callback is an
// update whose old and new resourceVersion are the same, as the Java side counts it.
type resyncZeroTrial struct {
	factory        informers.SharedInformerFactory
	stop           chan struct{}
	window         time.Duration
	resyncs        atomic.Int64
	others         atomic.Int64
	resyncsAtStart int64
	othersAtStart  int64
}

func startResyncZero(ctx context.Context, env *TrialEnv) (Trial, error) {
	resync, _ := strconv.Atoi(env.Params["resyncMillis"])
	window, _ := strconv.Atoi(env.Params["windowMillis"])
	cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
	if err != nil {
		return nil, err
	}
	t := &resyncZeroTrial{stop: make(chan struct{}), window: time.Duration(window) * time.Millisecond}
	t.factory = informers.NewSharedInformerFactoryWithOptions(cs, time.Duration(resync)*time.Millisecond,
		informers.WithNamespace(env.Namespace))
	informer := t.factory.Core().V1().ConfigMaps().Informer()
	if _, err := informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(interface{}) { t.others.Add(1) },
		UpdateFunc: func(oldObj, newObj interface{}) {
			o, n := oldObj.(*corev1.ConfigMap), newObj.(*corev1.ConfigMap)
			if o.ResourceVersion != "" && o.ResourceVersion == n.ResourceVersion {
				t.resyncs.Add(1)
			} else {
				t.others.Add(1)
			}
		},
		DeleteFunc: func(interface{}) { t.others.Add(1) },
	}); err != nil {
		return nil, err
	}
	t.factory.Start(t.stop)
	if err := pollUntil(ctx, 10*time.Minute, 100*time.Microsecond, "the informer to sync", informer.HasSynced); err != nil {
		t.Close()
		return nil, err
	}
	// Synced means cached, not yet delivered: the handler gets its initial adds before any window.
	initialAdds := func() bool { return t.others.Load() >= int64(env.Objects) }
	if err := pollUntil(ctx, 30*time.Second, time.Millisecond, fmt.Sprintf("%d initial adds", env.Objects), initialAdds); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

func (t *resyncZeroTrial) Before(context.Context) error {
	t.resyncsAtStart, t.othersAtStart = t.resyncs.Load(), t.others.Load()
	return nil
}

// Shot is the window: the handler counts what arrives meanwhile.
func (t *resyncZeroTrial) Shot(ctx context.Context) error {
	select {
	case <-time.After(t.window):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *resyncZeroTrial) After(_ context.Context, m Secondaries) error {
	m.Sum("resync.callbacks", float64(t.resyncs.Load()-t.resyncsAtStart), "callbacks")
	m.Sum("events.other", float64(t.others.Load()-t.othersAtStart), "callbacks")
	m.Sum("window.seconds", t.window.Seconds(), "s")
	return nil
}

func (t *resyncZeroTrial) Close() {
	close(t.stop)
	t.factory.Shutdown()
}
