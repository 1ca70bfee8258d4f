package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input is one error naming what was wrong and what is accepted, before any request.
func TestBadInput(t *testing.T) {
	remote := filepath.Join(t.TempDir(), "kubeconfig")
	os.WriteFile(remote, []byte("apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://10.1.2.3:6443\n"+
		"contexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user:\n    token: x\n"), 0o600)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-x"}, "unknown option -x; accepted:"},
		{[]string{"-w", "1x"}, "accepted: a positive duration"},
		{[]string{"-f", "0"}, "accepted: an integer of 1 or more"},
		{[]string{"-rf", "csv"}, "accepted: json"},
		{[]string{"-prof", "stack"}, "accepted: gc"},
		{[]string{"-prof"}, "-prof needs a value"},
		{[]string{"-p", "foo=1"}, "no benchmark has this param; accepted: approach, burst, churnPerSecond, client"},
		{[]string{"-p", "sync=LIST", "Sync"}, `"LIST" is not accepted`},
		{[]string{"-p", "fault=BLIP"}, "accepted: [CONNECTION_RESET APISERVER_RESTART]"},
		{[]string{"-p", "objects=0"}, "accepted: an integer of 1 or more"},
		{[]string{"nomatch"}, "no benchmark matches"},
		{[]string{"Lister"}, "-rff FILE is required"},
		{[]string{"-rff", "x.json"}, "informerbench.kubeconfig=PATH is required"},
		{[]string{"-rff", "x.json", "-Dinformerbench.kubeconfig=/does/not/exist"}, "no such file"},
		{[]string{"-rff", "x.json", "-Dinformerbench.kubeconfig=" + remote}, "is not on loopback"},
	}
	for _, c := range cases {
		err := validate(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want one line with %q", c.args, err, c.want)
		}
	}
}

func TestParamsOnlyWhereKnown(t *testing.T) {
	o, _ := ParseArgs([]string{"-p", "objects=100", "-p", "sync=LIST_WATCH,WATCH_LIST", "Sync|Lister"})
	bs, err := o.Matched()
	if err != nil {
		t.Fatal(err)
	}
	plans, err := o.Plans(bs)
	if err != nil {
		t.Fatal(err)
	}
	// lister_t1, lister_t2 at objects=100; sync at objects=100 × two sync values.
	if len(plans) != 4 || plans[3].Params["sync"] != "WATCH_LIST" || plans[0].Params["client"] != "CLIENT_GO" {
		t.Errorf("plans: %v", plans)
	}
}

func validate(args []string) error {
	o, err := ParseArgs(args)
	if err != nil {
		return err
	}
	bs, err := o.Matched()
	if err != nil {
		return err
	}
	if _, err := o.Plans(bs); err != nil {
		return err
	}
	return o.Validate()
}

// Each -D property the Java side passes sets its setting, and every -D is passed on to the forks.
func TestSettingsFromProperties(t *testing.T) {
	args := []string{"-Dinformerbench.kubeconfig=/k", "-Dinformerbench.home=/h", "-Dinformerbench.java=/j",
		"-Dinformerbench.kubeVersion=1.36.3", "-Dother=x"}
	o, err := ParseArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	s := o.Settings
	if s.Kubeconfig != "/k" || s.Home != "/h" || s.Java != "/j" || s.KubeVersion != "1.36.3" || s.Context != "" {
		t.Errorf("settings %+v", s)
	}
	if len(o.DArgs) != len(args) {
		t.Errorf("DArgs %v, want all of %v", o.DArgs, args)
	}
}

// -prof gc, as JMH's, asks for bytes allocated per op in every measurement iteration.
func TestProfGcAsksForAllocation(t *testing.T) {
	for args, want := range map[string]bool{"-prof gc Lister": true, "Lister": false} {
		o, err := ParseArgs(strings.Fields(args))
		if err != nil || o.Allocation != want {
			t.Errorf("%s: allocation %v (%v), want %v", args, o != nil && o.Allocation, err, want)
		}
	}
}
