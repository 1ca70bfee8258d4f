package main

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// The fixture is shared with the Java forks of a run: names, labels and data must match
// dev.informerbench.clientjava.ConfigMapFixtures exactly.
const (
	managedByLabel = "app.kubernetes.io/managed-by"
	managedBy      = "informer-bench"
	runLabel       = "informer-bench/run"
	ownerKey       = "informer-bench/owner"
	heartbeatKey   = "informer-bench/heartbeat"
	parallelCreate = 16
)

var notNameChar = regexp.MustCompile(`[^a-z0-9-]`)

// FixtureNamespace names the namespace of a run's fixture with objects ConfigMaps.
func FixtureNamespace(runID string, objects int) string {
	ns := notNameChar.ReplaceAllString(strings.ToLower("ib-"+runID+"-"+strconv.Itoa(objects)), "-")
	if len(ns) > 63 {
		ns = ns[:63]
	}
	return ns
}

// ConfigMapName is cm-00000 ...
func ConfigMapName(i int) string { return fmt.Sprintf("cm-%05d", i) }

// defaultOwner is host:pid:startMillis of this process, like Ownership.owner().
func defaultOwner() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d:%d", host, os.Getpid(), processStart.UnixMilli())
}

var processStart = time.Now()

// retry429 repeats call while the server answers 429 (API Priority and Fairness).
func retry429(ctx context.Context, call func() error) error {
	for {
		err := call()
		if !apierrors.IsTooManyRequests(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// EnsureFixture creates the namespace and the ConfigMaps it lacks; existing ones are used.
func EnsureFixture(ctx context.Context, cs kubernetes.Interface, s Settings, ns string, objects int) error {
	err := retry429(ctx, func() error { _, err := cs.CoreV1().Namespaces().Get(ctx, ns, metav1.GetOptions{}); return err })
	if apierrors.IsNotFound(err) {
		nsObj := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns,
			Labels:      map[string]string{managedByLabel: managedBy, runLabel: s.RunID},
			Annotations: map[string]string{ownerKey: s.Owner, heartbeatKey: time.Now().UTC().Format(time.RFC3339)}}}
		err = retry429(ctx, func() error {
			_, err := cs.CoreV1().Namespaces().Create(ctx, nsObj, metav1.CreateOptions{})
			return err
		})
		if apierrors.IsAlreadyExists(err) {
			err = nil // another fork made it
		}
	}
	if err != nil {
		return fmt.Errorf("namespace %s: %w", ns, err)
	}
	present := map[string]bool{}
	opts := metav1.ListOptions{LabelSelector: managedByLabel + "=" + managedBy, Limit: 500}
	for {
		var page *corev1.ConfigMapList
		err := retry429(ctx, func() (err error) { page, err = cs.CoreV1().ConfigMaps(ns).List(ctx, opts); return err })
		if err != nil {
			return fmt.Errorf("listing ConfigMaps of %s: %w", ns, err)
		}
		for _, cm := range page.Items {
			present[cm.Name] = true
		}
		if opts.Continue = page.Continue; opts.Continue == "" {
			break
		}
	}
	return createMissing(ctx, cs, s, ns, objects, present)
}

func createMissing(ctx context.Context, cs kubernetes.Interface, s Settings, ns string, objects int, present map[string]bool) error {
	indexes := make(chan int)
	errs := make(chan error, parallelCreate)
	var wg sync.WaitGroup
	for range parallelCreate {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range indexes {
				cm := fixtureConfigMap(s.RunID, ns, i)
				err := retry429(ctx, func() error { _, err := cs.CoreV1().ConfigMaps(ns).Create(ctx, cm, metav1.CreateOptions{}); return err })
				if err != nil && !apierrors.IsAlreadyExists(err) { // 409: a concurrent fork created it
					errs <- fmt.Errorf("creating %s/%s: %w", ns, cm.Name, err)
					return
				}
			}
		}()
	}
	var firstErr error
feed:
	for i := 0; i < objects; i++ {
		if present[ConfigMapName(i)] {
			continue
		}
		select {
		case indexes <- i:
		case firstErr = <-errs:
			break feed
		}
	}
	close(indexes)
	wg.Wait()
	if firstErr == nil {
		select {
		case firstErr = <-errs:
		default:
		}
	}
	return firstErr
}

func fixtureConfigMap(runID, ns string, i int) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: ConfigMapName(i), Namespace: ns, Labels: map[string]string{
			"app": fmt.Sprintf("app-%d", i%4), managedByLabel: managedBy, runLabel: runID}},
		Data: map[string]string{"index": strconv.Itoa(i), "payload": "informer-bench fixture"},
	}
}
