package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTheForkSetsWatchListFromApproachAsFromSync(t *testing.T) {
	for params, want := range map[string]string{"approach=WATCH_LIST": "true", "approach=LIST_WATCH": "false",
		"approach=POLL": "false", "sync=WATCH_LIST": "true", "sync=LIST_WATCH": "false", "objects=1": ""} {
		k, v, _ := strings.Cut(params, "=")
		got := strings.Join(featureGateEnv(map[string]string{k: v}), " ")
		if (want == "" && got != "") || (want != "" && got != "KUBE_FEATURE_WatchListClient="+want) {
			t.Errorf("%s: %q", params, got)
		}
	}
}

// The parent's -D reaches the fork, whose settings come in the ForkSpec's JSON.
func TestServerProcessesSettingReachesTheFork(t *testing.T) {
	o, err := ParseArgs([]string{"-Dinformerbench.serverProcesses=/run/cp/pids"})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(ForkSpec{Settings: o.Settings})
	var child ForkSpec
	if err := json.Unmarshal(data, &child); err != nil || child.Settings.ServerProcesses != "/run/cp/pids" {
		t.Errorf("fork settings %+v, %v", child.Settings, err)
	}
}
