package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"time"

	"dev.informerbench/clientgo/internal/accounting"
	"dev.informerbench/clientgo/internal/cluster"
	"dev.informerbench/clientgo/internal/fixtures"
)

// forkEnv carries a ForkSpec to a child: each fork is this binary again, in its own
// process, so that client-go's once-read feature gates and its caches start fresh.
const forkEnv = "INFORMER_BENCH_GO_FORK"

// ForkSpec is what one fork runs.
type ForkSpec struct {
	Benchmark                    string
	Params                       map[string]string
	WarmupIterations, Iterations int
	Warmup, Measurement          time.Duration
	Settings                     Settings
	// Allocation: each measurement iteration also gets gc.alloc.rate.norm, bytes allocated per op (-prof gc).
	Allocation bool
	Out        string // where the child writes its ForkResult
}

// Settings are the -D values, named like the Java forks' system properties.
type Settings struct {
	Kubeconfig, Context, RunID, Owner string
	// RequestsDir: where each fork writes its request totals at exit, for the run's check
	// against the API server's own count (the Java forks' informerbench.requestsDir).
	RequestsDir string
	// A private control plane's (Relist's APISERVER_RESTART): the harness's class path and main
	// class that run it, the java that runs them, and the project home and Kubernetes release it needs.
	ControlPlaneClasspath, ControlPlaneMain, Java, Home, KubeVersion string
	// ServerProcesses: the file naming the local control plane's kube-apiserver and etcd pids
	// (ServerCost's /proc measures); empty when the server's processes are not this machine's.
	ServerProcesses string
}

// childControlPlane is how the settings start a private control plane.
func (s Settings) childControlPlane() cluster.ChildCommand {
	return cluster.ChildCommand{Classpath: s.ControlPlaneClasspath, Main: s.ControlPlaneMain, Java: s.Java,
		Home: s.Home, KubeVersion: s.KubeVersion}
}

// ForkResult is a fork's measurement iterations, or why it failed.
type ForkResult struct {
	Iterations []Iteration
	Error      string
}

// runFork starts a child for one fork and waits for its result.
func runFork(spec ForkSpec) ([]Iteration, error) {
	out, err := os.CreateTemp("", "informer-bench-go-fork-*.json")
	if err != nil {
		return nil, err
	}
	out.Close()
	defer os.Remove(out.Name())
	spec.Out = out.Name()
	encoded, _ := json.Marshal(spec)
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), forkEnv+"="+string(encoded))
	cmd.Env = append(cmd.Env, featureGateEnv(spec.Params)...)
	runErr := cmd.Run()
	var result ForkResult
	data, _ := os.ReadFile(out.Name())
	if jsonErr := json.Unmarshal(data, &result); jsonErr != nil {
		return nil, fmt.Errorf("fork ended without a result (%v)", runErr)
	}
	if result.Error != "" {
		return nil, fmt.Errorf("%s", result.Error)
	}
	return result.Iterations, nil
}

// featureGateEnv is what the fork's environment says of client-go's feature gates, which client-go
// reads from KUBE_FEATURE_<name> once per process: Sync's sync and ServerCost's approach (POLL has no
// informer: false) set WatchListClient.
func featureGateEnv(params map[string]string) []string {
	var env []string
	for _, key := range []string{"sync", "approach"} {
		if v, ok := params[key]; ok {
			env = append(env, "KUBE_FEATURE_WatchListClient="+strconv.FormatBool(v == "WATCH_LIST"))
		}
	}
	return env
}

// forkMain is the child: trial setup (fixture, informer...), iterations, result file.
func forkMain(encoded string) int {
	var spec ForkSpec
	if err := json.Unmarshal([]byte(encoded), &spec); err != nil {
		fmt.Fprintf(os.Stderr, "informer-bench-go fork: bad spec: %v\n", err)
		return 2
	}
	iterations, err := runTrial(spec)
	if spec.Settings.RequestsDir != "" {
		totals := accounting.Process.Snapshot().Minus(accounting.Elsewhere.Snapshot())
		if terr := accounting.WriteTotals(spec.Settings.RequestsDir, totals); terr != nil && err == nil {
			err = terr
		}
	}
	result := ForkResult{Iterations: iterations}
	if err != nil {
		result.Error = err.Error()
	}
	data, _ := json.Marshal(result)
	if werr := os.WriteFile(spec.Out, data, 0o644); werr != nil || err != nil {
		return 1
	}
	return 0
}

func runTrial(spec ForkSpec) ([]Iteration, error) {
	var bench *Benchmark
	for i := range Catalog {
		if Catalog[i].Name == spec.Benchmark {
			bench = &Catalog[i]
		}
	}
	if bench == nil {
		return nil, fmt.Errorf("unknown benchmark %s", spec.Benchmark)
	}
	cfg, err := cluster.LoadConfig(spec.Settings.Kubeconfig, spec.Settings.Context)
	if err != nil {
		return nil, err
	}
	objects, _ := strconv.Atoi(spec.Params["objects"])
	env := &TrialEnv{Config: cfg, Settings: spec.Settings, Params: spec.Params, Objects: objects,
		Namespace: fixtures.Namespace(spec.Settings.RunID, objects) + namespaceSuffix[spec.Benchmark]}
	ctx := context.Background()
	if !seedsItsOwn[spec.Benchmark] {
		seeder, err := cluster.SeedingClient(cfg)
		if err != nil {
			return nil, err
		}
		if err := fixtures.Ensure(ctx, seeder, spec.Settings.RunID, spec.Settings.Owner, env.Namespace, objects); err != nil {
			return nil, fmt.Errorf("seeding: %w", err)
		}
	}
	trial, err := bench.Start(ctx, env)
	if err != nil {
		return nil, fmt.Errorf("trial setup: %w", err)
	}
	defer trial.Close()
	return runIterations(ctx, *bench, trial, spec)
}
