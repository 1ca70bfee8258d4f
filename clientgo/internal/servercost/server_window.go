// Package servercost measures what controllers cost the server, as ServerCostBenchmark and
// RestartStormBenchmark ask (the Java side's servercost package): a window's kube-apiserver and etcd
// CPU and memory from /proc, its counters from /metrics, a probe's GET latency and the client's own
// CPU; and the load a window runs under (a writer's churn, pollers' GETs).
package servercost

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/kubernetes"

	"dev.informerbench/clientgo/internal/fixtures"
)

const (
	apiServerProcess = "kube-apiserver"
	etcdProcess      = "etcd"
	// clkTck is USER_HZ, the unit of /proc/<pid>/stat's times: 100 on Linux (sysconf needs cgo).
	clkTck = 100
)

// readServerProcesses reads the file the local control plane writes (lines "name pid"); it names
// both processes or it is no answer, as the Java side's ServerProcesses reads it.
func readServerProcesses(path string) (map[string]int, error) {
	if path == "" {
		return nil, fmt.Errorf("no -Dinformerbench.serverProcesses: the server's processes are not this machine's")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the server's processes file is not readable (%v)", err)
	}
	pids, err := parseServerProcesses(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	for _, name := range []string{apiServerProcess, etcdProcess} {
		if pids[name] == 0 {
			return nil, fmt.Errorf("%s names no %s process", path, name)
		}
	}
	for _, name := range []string{apiServerProcess, etcdProcess} {
		// A stale file or a reused pid must not have another process read, let alone written to.
		if comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pids[name])); err != nil ||
			strings.TrimSpace(string(comm)) != name {
			return nil, fmt.Errorf("pid %d of %s is not %s now", pids[name], path, name)
		}
	}
	return pids, nil
}

func parseServerProcesses(text string) (map[string]int, error) {
	pids := map[string]int{}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pid, err := strconv.Atoi(fields[len(fields)-1])
		if len(fields) != 2 || err != nil || pid < 1 {
			return nil, fmt.Errorf("not 'name pid': %q", line)
		}
		pids[fields[0]] = pid
	}
	return pids, nil
}

// procCPUSeconds is a process's CPU time so far, user and system, as the kernel counts it.
func procCPUSeconds(pid int) (float64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	return parseProcStatCPU(string(data))
}

// parseProcStatCPU is (utime + stime) / CLK_TCK of a /proc/<pid>/stat line: fields 14 and 15,
// counted after the last ')', since the comm field before it may hold spaces and parentheses.
func parseProcStatCPU(stat string) (float64, error) {
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, fmt.Errorf("no ')' closing the comm field in %q", stat)
	}
	fields := strings.Fields(stat[end+1:]) // fields[0] is field 3, the state
	if len(fields) < 13 {
		return 0, fmt.Errorf("fewer than 15 fields in %q", stat)
	}
	utime, err1 := strconv.ParseUint(fields[14-3], 10, 64)
	stime, err2 := strconv.ParseUint(fields[15-3], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("utime %q, stime %q: not tick counts", fields[11], fields[12])
	}
	return float64(utime+stime) / clkTck, nil
}

// procPeakKiB is a process's VmHWM, the peak resident set since start or the last clear_refs 5.
func procPeakKiB(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	return statusKiB(string(data), "VmHWM")
}

// statusKiB is the value of a "Name:   1234 kB" line of /proc/<pid>/status.
func statusKiB(status, field string) (int64, error) {
	for _, line := range strings.Split(status, "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || name != field {
			continue
		}
		f := strings.Fields(value)
		if len(f) == 2 && f[1] == "kB" {
			if n, err := strconv.ParseInt(f[0], 10, 64); err == nil {
				return n, nil
			}
		}
		return 0, fmt.Errorf("%s is %q, not a count of kB", field, strings.TrimSpace(value))
	}
	return 0, fmt.Errorf("/proc status has no %s", field)
}

// resetPeak sets VmHWM back to the resident set now, so the next read is the window's own peak.
// Opened without O_TRUNC: a write of "5" is all clear_refs takes.
func resetPeak(pid int) error {
	f, err := os.OpenFile(fmt.Sprintf("/proc/%d/clear_refs", pid), os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write([]byte("5"))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// clientCPUSeconds is this process's own CPU time so far, user and system.
func clientCPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// scrapeServer GETs /metrics through cs. 403 and 404 say why the source is missing (a nil scrape);
// any other failure is the run's.
func scrapeServer(ctx context.Context, cs *kubernetes.Clientset) (serverScrape, string, error) {
	raw, err := cs.CoreV1().RESTClient().Get().AbsPath("/metrics").SetHeader("Accept", "text/plain").DoRaw(ctx)
	switch {
	case apierrors.IsForbidden(err):
		return nil, "GET /metrics is forbidden for this user (403)", nil
	case apierrors.IsNotFound(err):
		return nil, "the server has no /metrics (404)", nil
	case err != nil:
		return nil, "", fmt.Errorf("GET /metrics: %w", err)
	}
	return readServerScrape(string(raw)), "", nil
}

// procWindow is one server process over a window; each ok says its source was read.
type procWindow struct {
	cpu1, cpu2, cpu3 float64 // p1, p2, p3 (p3: kube-apiserver only)
	cpuOK, cpu3OK    bool
	peakKiB          int64
	peakOK           bool
}

// windowReadings are what one window read; nil scrapes are a /metrics that was missing.
type windowReadings struct {
	seconds          float64 // t2 - t1, monotonic
	windowSeconds    float64 // windowMillis / 1000
	apiserver, etcd  procWindow
	scrape1, scrape2 serverScrape
	baseline         serverScrape // before the controllers started; nil: not read
	clientCPU        float64      // c2 - c1
	probe            []int64      // sorted GET latencies, ns
	poll             bool
	pollGets         int64 // g2 - g1
}

// windowCounters are the window's counter differences, each published as the catalogue has it:
// a count summed over the windows, or a cost per window averaged (scale: to its unit).
var windowCounters = []struct {
	key, metric, unit string
	sum               bool
	scale             float64
}{
	{"watchEventsSent", "server.watchEventsSent", "events", true, 1},
	{"watchEventsReceived", "server.watchEventsReceived", "events", true, 1},
	{"watchEventsDispatched", "server.watchEventsDispatched", "events", true, 1},
	{"listsFromCache", "server.listsFromCache", "requests", true, 1},
	{"listsFromEtcd", "server.listsFromEtcd", "requests", true, 1},
	{"etcdRequests", "server.etcdRequests", "requests", false, 1},
	{"responseBytes", "server.responseKiB", "KiB", false, 1.0 / 1024},
	{"watchEventBytes", "server.watchEventKiB", "KiB", false, 1.0 / 1024},
}

// Metrics are where a window's figures go: the benchmark's secondary metrics of the iteration, a
// cost per window averaged over the windows or a count summed over them.
type Metrics interface {
	Average(name string, v float64, unit string)
	Sum(name string, v float64, unit string)
}

// publishServerCost writes the window's metrics; one whose source was missing is left out. It
// returns the /metrics series that a scrape lacked, for the missing metrics' note.
func publishServerCost(m Metrics, r windowReadings) (lacking []string) {
	if r.apiserver.cpuOK {
		m.Average("server.apiserverCores", (r.apiserver.cpu2-r.apiserver.cpu1)/r.seconds, "cores")
	}
	if r.etcd.cpuOK {
		m.Average("server.etcdCores", (r.etcd.cpu2-r.etcd.cpu1)/r.seconds, "cores")
	}
	if r.apiserver.peakOK {
		m.Average("server.apiserverPeakMiB", float64(r.apiserver.peakKiB)/1024, "MiB")
	}
	if r.etcd.peakOK {
		m.Average("server.etcdPeakMiB", float64(r.etcd.peakKiB)/1024, "MiB")
	}
	s1, s2 := r.scrape1, r.scrape2
	// delta is the key's difference over the window; false when either scrape lacks its metric.
	delta := func(key string) (float64, bool) {
		a, ok1 := s1[key]
		b, ok2 := s2[key]
		if s1 != nil && s2 != nil && !(ok1 && ok2) {
			lacking = append(lacking, serverSeries[key].name)
		}
		return b - a, s1 != nil && s2 != nil && ok1 && ok2
	}
	// The cross-check is a pair: each half is published only with the other, so their sums match.
	if cpu, ok := delta("cpuSeconds"); ok && r.apiserver.cpu3OK {
		m.Sum("server.cpuCheck.metricSec", cpu, "s")
		m.Sum("server.cpuCheck.procSec", r.apiserver.cpu3-r.apiserver.cpu1, "s")
	}
	// A gauge: the later scrape's value, not a difference.
	if heap, ok := s2["heapInuseBytes"]; ok && s1 != nil {
		m.Average("server.apiserverHeapMiB", heap/(1<<20), "MiB")
	} else if s1 != nil && s2 != nil {
		lacking = append(lacking, serverSeries["heapInuseBytes"].name)
	}
	for _, c := range windowCounters {
		if d, ok := delta(c.key); ok {
			if c.sum {
				m.Sum(c.metric, d*c.scale, c.unit)
			} else {
				m.Average(c.metric, d*c.scale, c.unit)
			}
		}
	}
	// Open watches are a gauge too: the controllers' are those beyond the baseline's.
	if open, ok := s2["openWatches"]; ok && s1 != nil {
		if before, ok := r.baseline["openWatches"]; ok {
			m.Average("server.controllerWatches", open-before, "watches")
		}
	}
	if len(r.probe) > 0 {
		m.Average("probe.getP50Us", float64(fixtures.AtPercentile(r.probe, 50))/1000, "us")
		m.Average("probe.getP99Us", float64(fixtures.AtPercentile(r.probe, 99))/1000, "us")
	}
	m.Average("client.cores", r.clientCPU/r.seconds, "cores")
	if r.poll {
		m.Average("poll.getsPerSecond", float64(r.pollGets)/r.seconds, "requests/s")
	}
	if r.windowSeconds > 0 {
		m.Sum("window.seconds", r.windowSeconds, "s")
	}
	return lacking
}
