package servercost

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"dev.informerbench/clientgo/internal/fixtures"
)

const (
	probePeriod = 100 * time.Millisecond
	maxPollers  = 16 // goroutines that run all pollers' GETs
)

// FirstError keeps the first failure of a background goroutine, for the iteration to report.
type FirstError struct {
	mu  sync.Mutex
	err error
}

func (f *FirstError) set(err error) {
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

// Err is the first failure, nil while there is none.
func (f *FirstError) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// sleepUntil waits for at; false when ctx ended first.
func sleepUntil(ctx context.Context, at time.Time) bool {
	t := time.NewTimer(time.Until(at))
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Churn replaces cm-(k mod objects) with its fixture labels and data {index, churn: k}, perSecond
// times a second at a fixed rate (a late write is followed by the next at once), until ctx ends:
// one unconditional PUT, always a change, as the Java side's ChurnWriter writes it.
func Churn(ctx context.Context, cs *kubernetes.Clientset, runID, ns string, objects, perSecond int, fail *FirstError) {
	period := time.Second / time.Duration(perSecond)
	start := time.Now()
	// Values of its own: a write equal to what an earlier writer left in the namespace would be a
	// no-op the server drops without an event.
	writer := strconv.FormatInt(start.UnixNano(), 36)
	for k := 0; sleepUntil(ctx, start.Add(time.Duration(k)*period)); k++ {
		i := k % objects
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: fixtures.ConfigMapName(i), Namespace: ns,
			Labels: fixtures.ConfigMap(runID, ns, i).Labels},
			Data: map[string]string{"index": strconv.Itoa(i), "payload": "informer-bench fixture", "churn": writer + "-" + strconv.Itoa(k)}}
		// Not ctx, as the pollers' GETs: a write under way at the end completes.
		if _, err := cs.CoreV1().ConfigMaps(ns).Update(context.Background(), cm, metav1.UpdateOptions{}); err != nil {
			fail.set(fmt.Errorf("churn write %d: %w", k, err))
			return
		}
	}
}

// RunPollers is POLL: poller i GETs cm-((i + k) mod objects) every interval = pollMillis/objects,
// the first at i*interval/len(clients), each on its own client, at a fixed rate per poller (as
// Java's scheduleAtFixedRate: a late GET runs late, never two of one poller at once). Poller i is
// goroutine i mod maxPollers's, in wg; gets counts the GETs done.
func RunPollers(ctx context.Context, clients []*kubernetes.Clientset, ns string, objects int,
	interval time.Duration, gets *atomic.Int64, fail *FirstError, wg *sync.WaitGroup) {
	start := time.Now()
	n := len(clients)
	for w := range min(n, maxPollers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []int
			var due []time.Time
			for i := w; i < n; i += maxPollers {
				mine = append(mine, i)
				due = append(due, start.Add(time.Duration(i)*interval/time.Duration(n)))
			}
			done := make([]int, len(mine)) // k of each poller
			for {
				j := 0
				for x := range due {
					if due[x].Before(due[j]) {
						j = x
					}
				}
				if !sleepUntil(ctx, due[j]) {
					return
				}
				i := mine[j]
				name := fixtures.ConfigMapName((i + done[j]) % objects)
				// Not ctx: a GET under way when the trial ends completes, so that the server counts
				// every GET the client counted.
				_, err := clients[i].CoreV1().ConfigMaps(ns).Get(context.Background(), name, metav1.GetOptions{})
				if err != nil {
					fail.set(fmt.Errorf("poller %d GET %s: %w", i, name, err))
					return
				}
				gets.Add(1)
				done[j]++
				due[j] = due[j].Add(interval)
			}
		}()
	}
}

// probeSampler GETs cm-00000 through its client, 100 ms after the previous GET ended (fixed delay,
// as the Java side's ProbeSampler: a slow server makes it GET less, never pile up), and records
// each GET's latency.
type probeSampler struct {
	stop, done chan struct{}
	latencies  []int64 // ns
	err        error
}

func startProbe(cs *kubernetes.Clientset, ns string) *probeSampler {
	p := &probeSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			// Not cancelled at stop: a GET under way ends and counts, so stopping waits for it.
			began := fixtures.Nanotime()
			_, err := cs.CoreV1().ConfigMaps(ns).Get(context.Background(), fixtures.ConfigMapName(0), metav1.GetOptions{})
			if err != nil {
				p.err = fmt.Errorf("probe GET: %w", err)
				return
			}
			p.latencies = append(p.latencies, fixtures.Nanotime()-began)
			select {
			case <-p.stop:
				return
			case <-time.After(probePeriod):
			}
		}
	}()
	return p
}

// finish stops the probe and returns its latencies, sorted.
func (p *probeSampler) finish() ([]int64, error) {
	close(p.stop)
	<-p.done
	slices.Sort(p.latencies)
	return p.latencies, p.err
}
