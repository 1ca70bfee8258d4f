package main

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/cluster"
)

func init() {
	register(
		Benchmark{pkg + "IndexerListBenchmark.list", "avgt", "us/op", 1, []Param{clientParam, objects3}, startIndexer("list")},
		Benchmark{pkg + "IndexerListBenchmark.byNamespaceIndex", "avgt", "us/op", 1, []Param{clientParam, objects3},
			startIndexer("byNamespaceIndex")},
		Benchmark{pkg + "IndexerListBenchmark.byAppIndex", "avgt", "us/op", 1, []Param{clientParam, objects3},
			startIndexer("byAppIndex")},
	)
}

// appIndex is the custom index over the fixture's app label, as the Java clients name it.
const appIndex = "by-app"

// indexedApp is the label value IndexerListBenchmark reads through the custom index.
const indexedApp = "app-1"

// indexerTrial: IndexerListBenchmark, a list read from the informer's indexer: every object
// (List), one namespace's (ByIndex on cache.NamespaceIndex) or one app label's (the custom index).
type indexerTrial struct {
	*configMapInformer
	read func() ([]interface{}, error)
	kept [][8][]interface{} // per goroutine, padded apart
}

// appOf indexes a ConfigMap by its app label, "" when it has none (as the Java clients do).
func appOf(obj interface{}) ([]string, error) {
	cm, ok := obj.(*corev1.ConfigMap)
	if !ok {
		return nil, fmt.Errorf("not a ConfigMap: %T", obj)
	}
	return []string{cm.Labels["app"]}, nil
}

// startIndexer returns the trial of one IndexerListBenchmark method: "list", "byNamespaceIndex" or "byAppIndex".
func startIndexer(method string) func(ctx context.Context, env *TrialEnv) (Trial, error) {
	return func(ctx context.Context, env *TrialEnv) (Trial, error) {
		cs, err := cluster.NewClient(env.Config, cluster.ClientSpec{})
		if err != nil {
			return nil, err
		}
		inf, err := startIndexedInformer(cs, env.Namespace, cache.Indexers{appIndex: appOf})
		if err != nil {
			return nil, err
		}
		if err := inf.waitSynced(ctx, 10*time.Minute); err != nil {
			inf.Close()
			return nil, err
		}
		indexer := inf.informer.GetIndexer()
		reads := map[string]func() ([]interface{}, error){
			"list":             func() ([]interface{}, error) { return indexer.List(), nil },
			"byNamespaceIndex": func() ([]interface{}, error) { return indexer.ByIndex(cache.NamespaceIndex, env.Namespace) },
			"byAppIndex":       func() ([]interface{}, error) { return indexer.ByIndex(appIndex, indexedApp) },
		}
		apps := 0
		for i := range env.Objects {
			if fmt.Sprintf("app-%d", i%4) == indexedApp {
				apps++
			}
		}
		// Result sizes checked once, as the Java benchmark does in its setup.
		for name, want := range map[string]int{"list": env.Objects, "byNamespaceIndex": env.Objects, "byAppIndex": apps} {
			got, err := reads[name]()
			if err == nil && len(got) != want {
				err = fmt.Errorf("%s returned %d objects, expected %d", name, len(got), want)
			}
			if err != nil {
				inf.Close()
				return nil, err
			}
		}
		return &indexerTrial{configMapInformer: inf, read: reads[method], kept: make([][8][]interface{}, 2)}, nil
	}
}

func (t *indexerTrial) Op(worker int, _ uint64) error {
	got, err := t.read()
	t.kept[worker][0] = got
	return err
}

func (t *indexerTrial) Close() {
	sink.Store(t.kept)
	t.configMapInformer.Close()
}
