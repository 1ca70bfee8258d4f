package main

import (
	"runtime"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A tenth is shard 0 of the indexes 0 .. objects-1: every tenth one, the first included.
func TestTheTenthSelectorKeepsShardZero(t *testing.T) {
	for objects, want := range map[int]int{1: 1, 10: 1, 11: 2, 30: 3, 100_000: 10_000} {
		if got := cachedUnder(remedySelectorTenth, objects); got != want {
			t.Errorf("%d objects: %d cached, want %d", objects, got, want)
		}
		if got := cachedUnder(remedyFull, objects); got != objects {
			t.Errorf("FULL on %d objects: %d cached", objects, got)
		}
	}
}

func TestResidentBytesIsAtLeastTheHeap(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("VmRSS is Linux's")
	}
	rss, err := residentBytes()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if err != nil || rss < int64(ms.HeapAlloc) {
		t.Errorf("VmRSS %d bytes (%v), heap %d", rss, err, ms.HeapAlloc)
	}
}

// A cached object shows its remedy, and one that does not fails the iteration.
func TestACachedObjectShowsItsRemedy(t *testing.T) {
	fields := []metav1.ManagedFieldsEntry{{Manager: "kube-controller-manager"}, {Manager: "kubelet"}}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "pod-00000", ManagedFields: fields}}
	bare := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "pod-00000"}}
	partial := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: "pod-00000", ManagedFields: fields}}
	for _, c := range []struct {
		obj    interface{}
		remedy string
		ok     bool
	}{
		{pod, remedyFull, true}, {pod, remedySelectorTenth, true}, {bare, remedyNoManagedFields, true},
		{partial, remedyMetadataOnly, true}, {pod, remedyNoManagedFields, false}, {bare, remedyFull, false},
		{pod, remedyMetadataOnly, false}, {partial, remedyFull, false}, {nil, remedyFull, false},
	} {
		if err := showsRemedy(c.obj, c.remedy); (err == nil) != c.ok {
			t.Errorf("%T under %s: %v", c.obj, c.remedy, err)
		}
	}
}
