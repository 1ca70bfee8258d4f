package main

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/fixtures"
)

// The remedies, in the order of CacheMemoryBenchmark's @Param (the Java side's client.Remedy).
const (
	remedyFull            = "FULL"
	remedyNoManagedFields = "NO_MANAGED_FIELDS"
	remedyMetadataOnly    = "METADATA_ONLY"
	remedySelectorTenth   = "SELECTOR_TENTH"
)

var remedies = []string{remedyFull, remedyNoManagedFields, remedyMetadataOnly, remedySelectorTenth}

// cachedUnder is how many of objects an informer caches under remedy (Remedy.cached): the label
// selector keeps shard 0 of fixtures.Shards, the others every object.
func cachedUnder(remedy string, objects int) int {
	if remedy == remedySelectorTenth {
		return (objects + fixtures.Shards - 1) / fixtures.Shards
	}
	return objects
}

// shapeInformer is a started informer on the objects of one kind in one namespace, and its factory's
// Shutdown.
type shapeInformer struct {
	cache.SharedIndexInformer
	stop     chan struct{}
	shutdown func()
}

// startShapeInformer starts an informer on kind in ns with remedy applied as client-go's users apply
// it: the typed factory's informer (namespace-scoped, as the other families'), managedFields dropped
// by a transform set before the start, the metadata informer, or a label selector through the
// factory's list options. md is needed for METADATA_ONLY only. HasSynced is the caller's to poll.
func startShapeInformer(cs kubernetes.Interface, md metadata.Interface, ns string, kind fixtures.ObjectKind,
	remedy string) (*shapeInformer, error) {
	stop := make(chan struct{})
	if remedy == remedyMetadataOnly {
		// client-go's metadata client asks the server for PartialObjectMetadata (in protobuf), so the
		// spec, status and data are left out by the server, before they are sent: the Java clients'
		// partial-object types receive the whole object and drop the rest as they parse it. The cache
		// holds the same metadata either way; the bytes on the wire and the decoding differ.
		f := metadatainformer.NewFilteredSharedInformerFactory(md, 0, ns, nil)
		inf := f.ForResource(corev1.SchemeGroupVersion.WithResource(kind.Resource)).Informer()
		f.Start(stop)
		return &shapeInformer{inf, stop, f.Shutdown}, nil
	}
	opts := []informers.SharedInformerOption{informers.WithNamespace(ns)}
	if remedy == remedySelectorTenth {
		opts = append(opts, informers.WithTweakListOptions(func(o *metav1.ListOptions) {
			o.LabelSelector = fixtures.TenthSelector
		}))
	}
	f := informers.NewSharedInformerFactoryWithOptions(cs, 0, opts...)
	var inf cache.SharedIndexInformer
	switch kind {
	case fixtures.KindPod:
		inf = f.Core().V1().Pods().Informer()
	case fixtures.KindSecret:
		inf = f.Core().V1().Secrets().Informer()
	default:
		inf = f.Core().V1().ConfigMaps().Informer()
	}
	if remedy == remedyNoManagedFields {
		if err := inf.SetTransform(dropManagedFields); err != nil {
			return nil, err
		}
	}
	f.Start(stop)
	return &shapeInformer{inf, stop, f.Shutdown}, nil
}

// dropManagedFields runs on each object before the informer stores it (and before its handlers see
// it), so that the cache never holds the managedFields: kube-controller-manager's own transform for
// its shared informers (CreateControllerContext's trim, "for memory efficiency").
func dropManagedFields(obj interface{}) (interface{}, error) {
	if a, err := meta.Accessor(obj); err == nil {
		a.SetManagedFields(nil)
	}
	return obj, nil // a tombstone (DeletedFinalStateUnknown) as it is
}

// showsRemedy checks that a cached object is as remedy leaves it: metadata alone for METADATA_ONLY,
// no managedFields for NO_MANAGED_FIELDS, and for every other remedy the managedFields the server
// keeps for each object, so that a remedy that did not apply is not measured as one.
func showsRemedy(obj interface{}, remedy string) error {
	a, err := meta.Accessor(obj)
	if err != nil {
		return fmt.Errorf("a cached %T: %w", obj, err)
	}
	_, partial := obj.(*metav1.PartialObjectMetadata)
	switch {
	case partial != (remedy == remedyMetadataOnly):
		return fmt.Errorf("the %s informer caches %T", remedy, obj)
	case (len(a.GetManagedFields()) == 0) != (remedy == remedyNoManagedFields):
		return fmt.Errorf("the %s informer's %s has %d managedFields entries", remedy, a.GetName(),
			len(a.GetManagedFields()))
	}
	return nil
}

// held says what a cached object holds, as the Java clients report it: its managedFields entries, and
// 1 when it has its spec (a Secret's or ConfigMap's data), 0 for metadata alone.
func held(obj interface{}) (managedFields int, spec float64) {
	if a, err := meta.Accessor(obj); err == nil {
		managedFields = len(a.GetManagedFields())
	}
	switch o := obj.(type) {
	case *corev1.Pod:
		spec = 1
	case *corev1.Secret:
		if len(o.Data) > 0 {
			spec = 1
		}
	case *corev1.ConfigMap:
		if len(o.Data) > 0 {
			spec = 1
		}
	}
	return managedFields, spec
}

func (s *shapeInformer) Close() {
	close(s.stop)
	s.shutdown()
}
