package servercost

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"k8s.io/client-go/kubernetes"
)

// Window measures one window of what the server spent, as the Java side's ServerWindow:
// kube-apiserver's and etcd's CPU and peak memory from /proc (when Processes names a file of
// this machine's processes), its counters from /metrics, a probe's GET latency and this
// process's CPU. Begin before the window, End after it.
type Window struct {
	Probe         *kubernetes.Clientset // the probe's and the scrapes' client
	Namespace     string                // the fixture's, whose first ConfigMap the probe GETs
	Processes     string                // the file naming the server's pids; "": not this machine's
	Label         string                // the benchmark's name on the "# " lines
	PollGets      *atomic.Int64         // nil: no pollers
	WindowSeconds float64               // the planned length, published as window.seconds; 0: none

	said     map[string]bool
	baseline serverScrape // the server's own watches, before the controllers' (nil: not read)

	// the window under way
	r       windowReadings
	pids    map[string]int // nil: the /proc measures are missing
	missing []string
	started time.Time
	cpu1    float64
	gets1   int64
	sampler *probeSampler
}

// ReadBaseline scrapes the open watches before the controllers open theirs.
func (w *Window) ReadBaseline(ctx context.Context) error {
	return w.scrape(ctx, &w.baseline)
}

// Begin is the window's untimed setup, in the spec's order: scrape, /proc CPU, peak reset, the
// client's own CPU, the clock and the GET count, then the probe.
func (w *Window) Begin(ctx context.Context) error {
	w.r = windowReadings{windowSeconds: w.WindowSeconds, poll: w.PollGets != nil, baseline: w.baseline}
	w.missing = nil
	var err error
	if w.pids, err = readServerProcesses(w.Processes); err != nil {
		w.note("server.apiserverCores, server.etcdCores, server.apiserverPeakMiB, server.etcdPeakMiB, "+
			"server.cpuCheck.procSec", err.Error())
	}
	if err := w.scrape(ctx, &w.r.scrape1); err != nil {
		return err
	}
	w.readCPU(func(p *procWindow, cpu float64) { p.cpu1, p.cpuOK = cpu, true })
	for _, p := range w.procs() {
		if p.w.cpuOK {
			if err := resetPeak(w.pids[p.name]); err != nil {
				w.note("the peak of "+p.name, fmt.Sprintf("clear_refs: %v", err))
			} else {
				p.w.peakOK = true
			}
		}
	}
	w.cpu1, w.started, w.gets1 = clientCPUSeconds(), time.Now(), w.gets()
	w.sampler = startProbe(w.Probe, w.Namespace)
	return nil
}

func (w *Window) gets() int64 {
	if w.PollGets == nil {
		return 0
	}
	return w.PollGets.Load()
}

// End reads the window's second half and publishes it into m.
func (w *Window) End(ctx context.Context, m Metrics) error {
	probe, probeErr := w.sampler.finish()
	w.sampler = nil
	w.r.seconds = time.Since(w.started).Seconds()
	w.readCPU(func(p *procWindow, cpu float64) { p.cpu2 = cpu })
	for _, p := range w.procs() {
		if p.w.peakOK {
			kib, err := procPeakKiB(w.pids[p.name])
			p.w.peakKiB, p.w.peakOK = kib, err == nil
			if err != nil {
				w.note("the peak of "+p.name, err.Error())
			}
		}
	}
	w.r.clientCPU, w.r.pollGets = clientCPUSeconds()-w.cpu1, w.gets()-w.gets1
	w.r.probe = probe
	if err := w.scrape(ctx, &w.r.scrape2); err != nil {
		return err
	}
	if api := &w.r.apiserver; api.cpuOK {
		cpu, err := procCPUSeconds(w.pids[apiServerProcess])
		api.cpu3, api.cpu3OK = cpu, err == nil
	}
	for _, series := range publishServerCost(m, w.r) {
		w.note("what "+series+" feeds", "kube-apiserver's /metrics has no "+series)
	}
	w.sayMissing()
	return probeErr
}

// serverProc is a server process by name, with its readings of the window.
type serverProc struct {
	name string
	w    *procWindow
}

// procs are both, kube-apiserver first.
func (w *Window) procs() []serverProc {
	return []serverProc{{apiServerProcess, &w.r.apiserver}, {etcdProcess, &w.r.etcd}}
}

// readCPU reads both processes' CPU; one that cannot be read (gone, another user's) is missing.
func (w *Window) readCPU(set func(*procWindow, float64)) {
	if w.pids == nil {
		return
	}
	for _, p := range w.procs() {
		if cpu, err := procCPUSeconds(w.pids[p.name]); err != nil {
			p.w.cpuOK = false
			w.note("the CPU and peak of "+p.name, err.Error())
		} else {
			set(p.w, cpu)
		}
	}
}

// scrape GETs /metrics through the probe's client into *into; nil when /metrics is missing.
func (w *Window) scrape(ctx context.Context, into *serverScrape) error {
	s, why, err := scrapeServer(ctx, w.Probe)
	if why != "" {
		w.note("the server.* metrics from /metrics", why)
	}
	*into = s
	return err
}

func (w *Window) note(what, why string) {
	w.missing = append(w.missing, what+" not published: "+why)
}

// sayMissing prints each new reason for a missing metric once, on one "# " line.
func (w *Window) sayMissing() {
	if w.said == nil {
		w.said = map[string]bool{}
	}
	var fresh []string
	for _, line := range w.missing {
		if !w.said[line] {
			w.said[line] = true
			fresh = append(fresh, line)
		}
	}
	if len(fresh) > 0 {
		fmt.Printf("# %s: %s\n", w.Label, strings.Join(fresh, "; "))
	}
}

// Close stops a probe still running (a trial that failed inside its window).
func (w *Window) Close() {
	if w.sampler != nil {
		w.sampler.finish()
		w.sampler = nil
	}
}
