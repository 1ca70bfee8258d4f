package servercost

import (
	"math"
	"reflect"
	"testing"
)

// An excerpt of kube-apiserver v1.36's /metrics, label sets as it writes them, with others around.
const metricsExcerpt = `# HELP apiserver_watch_events_total [ALPHA] Number of events sent in watch clients
# TYPE apiserver_watch_events_total counter
apiserver_watch_events_total{group="",resource="configmaps",version="v1"} 1200
apiserver_watch_events_total{group="",resource="namespaces",version="v1"} 7
apiserver_watch_events_total{group="apps",resource="deployments",version="v1"} 3
# HELP apiserver_watch_events_sizes [ALPHA] Watch event size distribution in bytes
# TYPE apiserver_watch_events_sizes histogram
apiserver_watch_events_sizes_bucket{group="",resource="configmaps",version="v1",le="1024"} 1100
apiserver_watch_events_sizes_bucket{group="",resource="configmaps",version="v1",le="+Inf"} 1200
apiserver_watch_events_sizes_sum{group="",resource="configmaps",version="v1"} 614400
apiserver_watch_events_sizes_count{group="",resource="configmaps",version="v1"} 1200
apiserver_watch_cache_events_dispatched_total{group="",resource="configmaps"} 1100
apiserver_watch_cache_events_dispatched_total{group="",resource="secrets"} 40
apiserver_cache_list_total{group="",index="",resource="configmaps"} 10
apiserver_cache_list_total{group="",index="f:metadata.namespace",resource="configmaps"} 5
apiserver_cache_list_total{group="",index="",resource="secrets"} 99
apiserver_storage_list_total{group="",resource="configmaps"} 3
apiserver_storage_list_total{group="",resource="configmapsx"} 1000
# TYPE etcd_requests_total counter
etcd_requests_total{group="",operation="get",resource="configmaps"} 40
etcd_requests_total{group="",operation="listWithCount",resource="configmaps"} 2
etcd_requests_total{group="",operation="update",resource="configmaps"} 100
etcd_requests_total{group="coordination.k8s.io",operation="update",resource="leases"} 500
etcd_requests_total_other{resource="configmaps"} 1e9
apiserver_response_sizes_bucket{component="apiserver",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1",le="+Inf"} 300
apiserver_response_sizes_sum{component="apiserver",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1"} 153600
apiserver_response_sizes_sum{component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"} 5.12e+04
apiserver_response_sizes_sum{component="a \"quoted\", {odd} \\ one}",group="",resource="configmaps",scope="x",verb="GET"} 1024
apiserver_response_sizes_sum{component="apiserver",group="",resource="pods",scope="resource",subresource="",verb="GET",version="v1"} 77
apiserver_response_sizes_count{component="apiserver",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1"} 300
  # an indented comment with resource="configmaps" 5
apiserver_watch_events_total{resource="configmaps" 9
process_cpu_seconds_total 812.5
process_cpu_seconds_total_x 1
go_memstats_heap_inuse_bytes 1.2582912e+08
go_memstats_heap_alloc_bytes 1e+08
`

func TestTheScrapeSumsTheConfigMapLabelSetsOfEachSeriesAndIgnoresTheRest(t *testing.T) {
	got := readServerScrape(metricsExcerpt)
	want := serverScrape{
		"watchEventsSent":       1200,
		"watchEventsDispatched": 1100,
		"listsFromCache":        15,
		"listsFromEtcd":         3,
		"etcdRequests":          142,
		"responseBytes":         153600 + 51200 + 1024,
		"watchEventBytes":       614400,
		"cpuSeconds":            812.5,
		"heapInuseBytes":        125829120,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scrape:\n got %v\nwant %v", got, want)
	}
}

// The labels the spec names, which servers before v1.36's group/resource labels wrote, also count.
func TestLabelsWithEscapesAndSpecialValues(t *testing.T) {
	type sample struct {
		labels map[string]string
		v      float64
	}
	var got []sample
	scanPromText(`# TYPE h histogram
h_bucket{le="+Inf",path="/a \"b\"\\c\nd"} +Inf
h_bucket{le="0.5",} -Inf 1700000000000
h_sum 1e-3
h_count NaN
h_bad{le="1" 3
h_bad2{le=1} 3
`, func(string) bool { return true }, func(_ string, l map[string]string, v float64) { got = append(got, sample{l, v}) })
	if len(got) != 4 {
		t.Fatalf("%d samples, want 4 (two malformed lines skipped): %v", len(got), got)
	}
	if got[0].labels["path"] != "/a \"b\"\\c\nd" || got[0].labels["le"] != "+Inf" || !math.IsInf(got[0].v, 1) {
		t.Errorf("first: %v", got[0])
	}
	if got[1].labels["le"] != "0.5" || !math.IsInf(got[1].v, -1) || got[2].v != 0.001 || !math.IsNaN(got[3].v) {
		t.Errorf("values: %v", got)
	}
}
