package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/cluster"
)

func init() {
	register(
		Benchmark{pkg + "CustomIndexBenchmark.lookup", "avgt", "ns/op", 1, customIndexParams, startCustomIndex("lookup")},
		Benchmark{pkg + "CustomIndexBenchmark.update", "avgt", "ns/op", 1, customIndexParams, startCustomIndex("update")},
	)
}

var customIndexParams = []Param{clientParam,
	{"indexes", []string{"0", "1", "3"}, oneOf("0", "1", "2", "3")}, relistObject}

// customIndexTrial: CustomIndexBenchmark. A standalone indexer, as an informer keeps one, filled
// with the ConfigMaps a real informer synced, with the built-in namespace index and `indexes`
// custom ones. update: what the informer does per watch event; lookup: the app-1 ConfigMaps,
// through the app index when there is one, else a scan of List(). No request while measured.
type customIndexTrial struct {
	indexer cache.Indexer
	updates []interface{}
	lookup  func() ([]interface{}, error)
	update  bool
	kept    []interface{}
}

// customIndexers are the first count of by-app, by-index and by-prefix, as the Java class adds them.
func customIndexers(count int) cache.Indexers {
	all := cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc}
	if count >= 1 {
		all[appIndex] = appOf
	}
	if count >= 2 {
		all["by-index"] = func(obj interface{}) ([]string, error) {
			cm, ok := obj.(*corev1.ConfigMap)
			if !ok {
				return nil, fmt.Errorf("not a ConfigMap: %T", obj)
			}
			return []string{cm.Data["index"]}, nil
		}
	}
	if count >= 3 {
		all["by-prefix"] = func(obj interface{}) ([]string, error) {
			cm, ok := obj.(*corev1.ConfigMap)
			if !ok {
				return nil, fmt.Errorf("not a ConfigMap: %T", obj)
			}
			return []string{cm.Name[:min(5, len(cm.Name))]}, nil
		}
	}
	return all
}

// startCustomIndex returns the trial of one CustomIndexBenchmark method: "update" or "lookup".
func startCustomIndex(method string) func(ctx context.Context, env *TrialEnv) (Trial, error) {
	return func(ctx context.Context, env *TrialEnv) (Trial, error) {
		indexes, _ := strconv.Atoi(env.Params["indexes"])
		cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
		if err != nil {
			return nil, err
		}
		inf := startInformer(cs, env.Namespace)
		err = inf.waitSynced(ctx, 10*time.Minute)
		synced := inf.informer.GetStore().List()
		// The informer only fetches the objects, as the Java side closes its informer here too.
		inf.Close()
		if err != nil {
			return nil, err
		}
		t := &customIndexTrial{indexer: cache.NewIndexer(cache.MetaNamespaceKeyFunc, customIndexers(indexes)),
			update: method == "update"}
		expected := 0
		for _, obj := range synced {
			if err := t.indexer.Add(obj); err != nil {
				return nil, err
			}
			// The app the fixture gave the ConfigMap of this index, as the Java check counts.
			if i, err := strconv.Atoi(obj.(*corev1.ConfigMap).Data["index"]); err == nil && i%4 == 1 {
				expected++
			}
		}
		t.updates = append([]interface{}(nil), synced...)
		r := rand.New(rand.NewPCG(42, 42))
		r.Shuffle(len(t.updates), func(i, j int) { t.updates[i], t.updates[j] = t.updates[j], t.updates[i] })
		t.lookup = func() ([]interface{}, error) { return t.indexer.ByIndex(appIndex, indexedApp) }
		if indexes == 0 {
			t.lookup = t.scan
		}
		got, err := t.lookup()
		if err == nil && len(got) != expected {
			err = fmt.Errorf("lookup found %d ConfigMaps, expected %d", len(got), expected)
		}
		if err != nil {
			return nil, err
		}
		if len(t.updates) == 0 {
			return nil, fmt.Errorf("the informer synced no ConfigMap in %s", env.Namespace)
		}
		return t, nil
	}
}

// scan is the lookup without an app index: every cached object, filtered by its label.
func (t *customIndexTrial) scan() ([]interface{}, error) {
	var out []interface{}
	for _, obj := range t.indexer.List() {
		if obj.(*corev1.ConfigMap).Labels["app"] == indexedApp {
			out = append(out, obj)
		}
	}
	return out, nil
}

func (t *customIndexTrial) Op(_ int, i uint64) error {
	if t.update {
		return t.indexer.Update(t.updates[i%uint64(len(t.updates))])
	}
	got, err := t.lookup()
	t.kept = got
	return err
}

func (t *customIndexTrial) Close() { sink.Store(t.kept) }
