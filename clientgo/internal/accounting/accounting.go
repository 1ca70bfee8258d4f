// Package accounting counts the requests a fork sends to the API server, classified from method and
// URL as the Java side's accounting.RequestKind does: every client's transport is wrapped (Counted),
// into this process's books (Process) and a client's own, and the fork's totals are written at its
// end for the run's check against the server's own count (WriteTotals).
package accounting

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// RequestKind is what a request to the API server is, classified from method and URL
// alone, exactly as the Java side's accounting.RequestKind does.
type RequestKind int

const (
	KindList RequestKind = iota
	KindWatch
	KindGet
	KindWrite
	KindOther
)

func (k RequestKind) String() string {
	return [...]string{"LIST", "WATCH", "GET", "WRITE", "OTHER"}[k]
}

// Classify ports RequestKind.classify: query is the raw query ("" when none).
func Classify(method, path, query string) RequestKind {
	switch method {
	case "POST", "PUT", "PATCH", "DELETE":
		return KindWrite
	case "GET":
	default:
		return KindOther
	}
	var segments []string
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			segments = append(segments, s)
		}
	}
	var rest int
	switch {
	case len(segments) >= 2 && segments[0] == "api":
		rest = 2 // /api/v1/...
	case len(segments) >= 3 && segments[0] == "apis":
		rest = 3 // /apis/group/version/...
	default:
		return KindOther // /version, /readyz, /openapi, /api, /apis: not resources
	}
	if len(segments) <= rest {
		return KindOther // discovery of a group version
	}
	if segments[rest] == "watch" || hasTrueParameter(query, "watch") {
		return KindWatch
	}
	afterNamespace := rest
	if segments[rest] == "namespaces" && len(segments) >= rest+3 {
		afterNamespace = rest + 2
	}
	// [resource] is a collection; [resource, name, ...] is one object (or its subresource).
	if len(segments)-afterNamespace >= 2 {
		return KindGet
	}
	return KindList
}

// hasTrueParameter looks at the first occurrence of name only, as the Java side does.
func hasTrueParameter(query, name string) bool {
	if query == "" {
		return false
	}
	for _, pair := range strings.Split(query, "&") {
		key, value, _ := strings.Cut(pair, "=")
		if key == name {
			return value == "true" || value == "1"
		}
	}
	return false
}

// Counts is a snapshot of a RequestCounter.
type Counts struct {
	List, Watch, Get, Write, Other, TooMany, ListsWithoutRV int64
	Last                                                    RequestKind
	WatchURLs                                               []string // every WATCH, in order
}

// Minus is what happened between an earlier snapshot and this one.
func (c Counts) Minus(before Counts) Counts {
	return Counts{List: c.List - before.List, Watch: c.Watch - before.Watch, Get: c.Get - before.Get,
		Write: c.Write - before.Write, Other: c.Other - before.Other, TooMany: c.TooMany - before.TooMany,
		ListsWithoutRV: c.ListsWithoutRV - before.ListsWithoutRV, Last: c.Last,
		WatchURLs: c.WatchURLs[len(before.WatchURLs):]}
}

// RequestCounter counts requests once when they are sent, and 429 answers.
type RequestCounter struct {
	mu     sync.Mutex
	counts Counts
}

// Process is every counted request of this process: what api.* reports.
var Process = &RequestCounter{}

// Elsewhere counts the requests to another cluster than the run's (a private control plane):
// in Process too, for the benchmark's own figures, and taken out of the totals the run holds
// against its API server's count.
var Elsewhere = &RequestCounter{}

func (c *RequestCounter) sent(req *http.Request) {
	kind := Classify(req.Method, req.URL.Path, req.URL.RawQuery)
	c.mu.Lock()
	defer c.mu.Unlock()
	switch kind {
	case KindList:
		c.counts.List++
		if req.URL.Query().Get("resourceVersion") == "" {
			c.counts.ListsWithoutRV++ // client-go sends these only after 410 Gone
		}
	case KindWatch:
		c.counts.Watch++
		c.counts.WatchURLs = append(c.counts.WatchURLs, req.URL.String())
	case KindGet:
		c.counts.Get++
	case KindWrite:
		c.counts.Write++
	default:
		c.counts.Other++
	}
	c.counts.Last = kind
}

func (c *RequestCounter) tooMany() {
	c.mu.Lock()
	c.counts.TooMany++
	c.mu.Unlock()
}

// Snapshot copies the counts (the URL list shares its backing array: it only grows).
func (c *RequestCounter) Snapshot() Counts {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts
}

// countingTransport counts into Process and, for a client with its own books, extra.
type countingTransport struct {
	next  http.RoundTripper
	extra *RequestCounter
	// noRetryAfter drops Retry-After from 429 answers, so that client-go returns the 429
	// instead of retrying it: the unthrottled client measures single attempts.
	noRetryAfter bool
	elsewhere    bool
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	Process.sent(req)
	if t.elsewhere {
		Elsewhere.sent(req)
	}
	if t.extra != nil {
		t.extra.sent(req)
	}
	resp, err := t.next.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		Process.tooMany()
		if t.elsewhere {
			Elsewhere.tooMany()
		}
		if t.extra != nil {
			t.extra.tooMany()
		}
		if t.noRetryAfter {
			resp.Header.Del("Retry-After")
		}
	}
	return resp, err
}

// Counted wraps a client's transport; extra may be nil; elsewhere: also counted in Elsewhere.
func Counted(extra *RequestCounter, noRetryAfter, elsewhere bool) func(http.RoundTripper) http.RoundTripper {
	return func(next http.RoundTripper) http.RoundTripper {
		return &countingTransport{next: next, extra: extra, noRetryAfter: noRetryAfter, elsewhere: elsewhere}
	}
}

// WriteTotals writes this process's request totals as <dir>/<pid>.json, in the shape every
// client's forks use ({"list":n,"watch":n,"get":n,"write":n,"other":n,"tooManyRequests":n}):
// the run sums the folder and holds it against the API server's apiserver_request_total.
func WriteTotals(dir string, c Counts) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data := fmt.Sprintf(`{"list":%d,"watch":%d,"get":%d,"write":%d,"other":%d,"tooManyRequests":%d}`,
		c.List, c.Watch, c.Get, c.Write, c.Other, c.TooMany)
	return os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())+".json"), []byte(data), 0o644)
}
