package servercost

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestProcStatCPUCountsFieldsAfterTheLastParenthesis(t *testing.T) {
	// The comm may hold spaces and parentheses, even ") S 1 2": only the last ')' closes it.
	line := "4242 (kube (api) S 1 2 server) S 1 4242 4242 0 -1 4194560 150000 0 0 0 7000 1500 3 4 20 0 40 0 " +
		"1000 2000000000 50000 18446744073709551615\n"
	got, err := parseProcStatCPU(line)
	if err != nil || got != 85 {
		t.Errorf("got %v, %v; want (7000 + 1500) / 100 = 85", got, err)
	}
	for _, bad := range []string{"4242 kube S 1", "4242 (x) S 1 2 3", "4242 (x) S 1 2 3 4 5 6 7 8 9 x 1500"} {
		if _, err := parseProcStatCPU(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestStatusVmHWM(t *testing.T) {
	status := "Name:\tkube-apiserver\nVmPeak:\t 2000000 kB\nVmHWM:\t  524288 kB\nVmRSS:\t  400000 kB\n"
	if got, err := statusKiB(status, "VmHWM"); err != nil || got != 524288 {
		t.Errorf("got %v, %v", got, err)
	}
	if _, err := statusKiB("Name:\tx\nVmRSS:\t 1 kB\n", "VmHWM"); err == nil {
		t.Error("no VmHWM: no error")
	}
	if _, err := statusKiB("VmHWM:\t 12 MB\n", "VmHWM"); err == nil {
		t.Error("not kB: no error")
	}
}

// This process's own /proc files read as the server's are.
func TestOwnProcFilesRead(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc here")
	}
	cpu, err := procCPUSeconds(os.Getpid())
	if err != nil || cpu < 0 {
		t.Errorf("cpu %v, %v", cpu, err)
	}
	if peak, err := procPeakKiB(os.Getpid()); err != nil || peak <= 0 {
		t.Errorf("peak %v, %v", peak, err)
	}
}

func TestServerProcessesFile(t *testing.T) {
	dir := t.TempDir()
	both := filepath.Join(dir, "both")
	os.WriteFile(both, []byte("kube-apiserver 123\netcd 456\n\n"), 0o644)
	if got, err := parseServerProcesses("kube-apiserver 123\netcd 456\n\n"); err != nil ||
		!reflect.DeepEqual(got, map[string]int{"kube-apiserver": 123, "etcd": 456}) {
		t.Errorf("got %v, %v", got, err)
	}
	// This test's own process is no kube-apiserver: a file that says so names a process not to read.
	self := filepath.Join(dir, "self")
	os.WriteFile(self, []byte(fmt.Sprintf("kube-apiserver %d\netcd %d\n", os.Getpid(), os.Getpid())), 0o644)
	noEtcd := filepath.Join(dir, "noEtcd")
	os.WriteFile(noEtcd, []byte("kube-apiserver 123\n"), 0o644)
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("kube-apiserver x\netcd 456\n"), 0o644)
	for path, want := range map[string]string{"": "not this machine's", noEtcd: "no etcd", bad: "not 'name pid'",
		filepath.Join(dir, "absent"): "not readable", self: "is not kube-apiserver now"} {
		if _, err := readServerProcesses(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", path, err, want)
		}
	}
}

func TestEveryMetricFromItsDeltas(t *testing.T) {
	s2 := serverScrape{"watchEventsSent": 1300, "watchEventsDispatched": 1150, "listsFromCache": 15,
		"listsFromEtcd": 4, "etcdRequests": 242, "responseBytes": 205824 + 10240, "watchEventBytes": 614400 + 2048,
		"cpuSeconds": 817.5, "heapInuseBytes": 3 << 20}
	r := windowReadings{seconds: 10, windowSeconds: 10, clientCPU: 2.5, poll: true, pollGets: 95,
		apiserver: procWindow{cpu1: 100, cpu2: 105, cpu3: 105.25, cpuOK: true, cpu3OK: true, peakKiB: 512000, peakOK: true},
		etcd:      procWindow{cpu1: 50, cpu2: 51, cpuOK: true, peakKiB: 2048, peakOK: true},
		scrape1:   readServerScrape(metricsExcerpt), scrape2: s2,
		probe: []int64{1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000}}
	m := published{}
	publishServerCost(m, r)
	want := map[string]float64{"server.apiserverCores": 0.5, "server.etcdCores": 0.1, "server.apiserverPeakMiB": 500,
		"server.etcdPeakMiB": 2, "server.apiserverHeapMiB": 3, "server.cpuCheck.metricSec": 5,
		"server.cpuCheck.procSec": 5.25, "server.watchEventsSent": 100, "server.watchEventsDispatched": 50,
		"server.listsFromCache": 0, "server.listsFromEtcd": 1, "server.etcdRequests": 100, "server.responseKiB": 10,
		"server.watchEventKiB": 2, "probe.getP50Us": 5, "probe.getP99Us": 10, "client.cores": 0.25,
		"poll.getsPerSecond": 9.5, "window.seconds": 10}
	for name, v := range want {
		if got, ok := m[name]; !ok || math.Abs(got.V-v) > 1e-9 {
			t.Errorf("%s = %v (published: %v), want %v", name, got.V, ok, v)
		}
	}
	if len(m) != len(want) {
		t.Errorf("published %v, want exactly %v", keys(m), len(want))
	}
	sums := []string{"server.cpuCheck.metricSec", "server.cpuCheck.procSec", "server.watchEventsSent",
		"server.watchEventsDispatched", "server.listsFromCache", "server.listsFromEtcd", "window.seconds"}
	for name, v := range m {
		if wantSum := slices.Contains(sums, name); v.sum != wantSum {
			t.Errorf("%s: summed %v", name, v.sum)
		}
	}
}

// No processes file and no /metrics: none of what they feed is published, not even a zero.
func TestAMissingSourcePublishesNothing(t *testing.T) {
	m := published{}
	publishServerCost(m, windowReadings{seconds: 10, windowSeconds: 10, clientCPU: 1, scrape1: serverScrape{}})
	if got := keys(m); !reflect.DeepEqual(got, []string{"client.cores", "window.seconds"}) {
		t.Errorf("published %v", got)
	}
	// /proc there, /metrics without the process's CPU nor the heap: the cross-check is a pair, so
	// neither half is published; the counters there are, a 0 included.
	m = published{}
	s := serverScrape{"watchEventsSent": 5, "listsFromCache": 0}
	lacking := publishServerCost(m, windowReadings{seconds: 10, windowSeconds: 10, scrape1: s,
		scrape2:   serverScrape{"watchEventsSent": 7, "listsFromCache": 0},
		apiserver: procWindow{cpuOK: true, cpu3OK: true}})
	if got := keys(m); !reflect.DeepEqual(got, []string{"client.cores", "server.apiserverCores",
		"server.listsFromCache", "server.watchEventsSent", "window.seconds"}) {
		t.Errorf("published %v", got)
	}
	slices.Sort(lacking)
	if !reflect.DeepEqual(lacking, []string{"apiserver_response_sizes_sum", "apiserver_storage_list_total",
		"apiserver_watch_cache_events_dispatched_total", "apiserver_watch_cache_events_received_total",
		"apiserver_watch_events_sizes_sum", "etcd_requests_total",
		"go_memstats_heap_inuse_bytes", "process_cpu_seconds_total"}) {
		t.Errorf("lacking %v", lacking)
	}
	// The metric's CPU without /proc's: again neither half. The heap is a gauge: the later scrape's.
	m = published{}
	publishServerCost(m, windowReadings{seconds: 10, scrape1: serverScrape{"cpuSeconds": 1},
		scrape2: serverScrape{"cpuSeconds": 2, "heapInuseBytes": 1 << 20}})
	if _, ok := m["server.cpuCheck.metricSec"]; ok {
		t.Error("metricSec published without procSec")
	}
	if heap, ok := m["server.apiserverHeapMiB"]; !ok || heap.V != 1 {
		t.Errorf("heap %v, %v", heap, ok)
	}
}

// published is what a window published into its Metrics.
type published map[string]publishedValue

// publishedValue is one metric's value, and whether it is a sum (else an average).
type publishedValue struct {
	V   float64
	sum bool
}

func (p published) Average(name string, v float64, _ string) { p[name] = publishedValue{v, false} }

func (p published) Sum(name string, v float64, _ string) { p[name] = publishedValue{v, true} }

func keys(m published) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestTheControllersWatchesAreThoseBeyondTheBaseline(t *testing.T) {
	m := published{}
	publishServerCost(m, windowReadings{seconds: 1, scrape1: serverScrape{"openWatches": 12},
		scrape2: serverScrape{"openWatches": 12}, baseline: serverScrape{"openWatches": 2}})
	if w, ok := m["server.controllerWatches"]; !ok || w.V != 10 {
		t.Errorf("server.controllerWatches = %v (published %v), want 10", w, ok)
	}
	m = published{}
	publishServerCost(m, windowReadings{seconds: 1, scrape1: serverScrape{"openWatches": 12},
		scrape2: serverScrape{"openWatches": 12}})
	if _, ok := m["server.controllerWatches"]; ok {
		t.Error("published without a baseline")
	}
}
