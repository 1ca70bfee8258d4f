package main

import (
	"strings"
	"testing"
)

func TestFixtureNamespace(t *testing.T) {
	cases := map[string]string{
		FixtureNamespace("adhoc", 1000):              "ib-adhoc-1000",
		FixtureNamespace("r20261130-160043", 100):    "ib-r20261130-160043-100",
		FixtureNamespace("My_Run.1", 10):             "ib-my-run-1-10",
		FixtureNamespace(strings.Repeat("a", 80), 5): "ib-" + strings.Repeat("a", 60),
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("namespace %q, want %q", got, want)
		}
	}
	if ConfigMapName(7) != "cm-00007" || ConfigMapName(123456) != "cm-123456" {
		t.Errorf("ConfigMap names: %s %s", ConfigMapName(7), ConfigMapName(123456))
	}
}
