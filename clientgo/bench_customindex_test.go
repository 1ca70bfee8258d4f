package main

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"

	"dev.informerbench/clientgo/internal/fixtures"
)

func TestCustomIndexersAreTheJavaClasss(t *testing.T) {
	cm := fixtures.ConfigMap("run", "ns", 1234)
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
