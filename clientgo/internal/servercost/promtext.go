package servercost

import (
	"strconv"
	"strings"
)

// promSeries is what ServerCost reads of one counter or gauge in kube-apiserver's /metrics: the sum
// over the samples of name whose labels hold every pair of any one alternative (absent reads as "").
type promSeries struct {
	name string
	any  []map[string]string
}

// configMapSeries matches core ConfigMaps by v1.36's group and resource labels (a server that has no
// group label matches too).
func configMapSeries(name string) promSeries {
	return promSeries{name, []map[string]string{{"group": "", "resource": "configmaps"}}}
}

// serverSeries are the /metrics inputs of ServerCost's server.* metrics, by key.
var serverSeries = map[string]promSeries{
	"watchEventsSent":       configMapSeries("apiserver_watch_events_total"),
	"watchEventsReceived":   configMapSeries("apiserver_watch_cache_events_received_total"),
	"watchEventsDispatched": configMapSeries("apiserver_watch_cache_events_dispatched_total"),
	"listsFromCache":        configMapSeries("apiserver_cache_list_total"),
	"listsFromEtcd":         configMapSeries("apiserver_storage_list_total"),
	"etcdRequests":          configMapSeries("etcd_requests_total"),
	"responseBytes":         configMapSeries("apiserver_response_sizes_sum"),
	"watchEventBytes":       configMapSeries("apiserver_watch_events_sizes_sum"),
	"cpuSeconds":            {"process_cpu_seconds_total", []map[string]string{{}}},
	"heapInuseBytes":        {"go_memstats_heap_inuse_bytes", []map[string]string{{}}},
	// A gauge of the ConfigMap WATCHes open, whatever their transport (fabric8's WebSockets too).
	"openWatches": {"apiserver_longrunning_requests",
		[]map[string]string{{"group": "", "resource": "configmaps", "verb": "WATCH"}}},
}

// serverScrape is one /metrics answer reduced to serverSeries: a key is present when its metric is
// (0 when no sample of it matched: none counted yet). An absent metric is missing, not 0, as the Java
// side's ServerCounters has it: another version or a filtered endpoint may lack it.
type serverScrape map[string]float64

func readServerScrape(text string) serverScrape {
	keysOf := map[string][]string{}
	for key, s := range serverSeries {
		keysOf[s.name] = append(keysOf[s.name], key)
	}
	out := serverScrape{}
	scanPromText(text, func(name string) bool { return keysOf[name] != nil },
		func(name string, labels map[string]string, v float64) {
			for _, key := range keysOf[name] {
				out[key] += 0
				if matchesAny(labels, serverSeries[key].any) {
					out[key] += v
				}
			}
		})
	return out
}

func matchesAny(labels map[string]string, alternatives []map[string]string) bool {
	for _, want := range alternatives {
		all := true
		for k, v := range want {
			all = all && labels[k] == v
		}
		if all {
			return true
		}
	}
	return false
}

// scanPromText calls fn for each sample of the Prometheus text format whose name wanted says yes:
// comments and blank lines are skipped, and so is a line that does not parse (no sample guessed).
func scanPromText(text string, wanted func(string) bool, fn func(string, map[string]string, float64)) {
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		end := strings.IndexAny(line, "{ \t")
		if end <= 0 || !wanted(line[:end]) {
			continue
		}
		labels, rest, ok := promLabels(line[end:])
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		// ParseFloat reads Go's +Inf, -Inf and NaN as the format writes them.
		if v, err := strconv.ParseFloat(fields[0], 64); err == nil {
			fn(line[:end], labels, v)
		}
	}
}

// promLabels reads an optional {k="v",...} at the start of s; values may hold \\, \" and \n.
func promLabels(s string) (map[string]string, string, bool) {
	labels := map[string]string{}
	if s == "" || s[0] != '{' {
		return labels, s, true
	}
	i := 1
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == ',') {
			i++
		}
		if i >= len(s) {
			return nil, "", false
		}
		if s[i] == '}' {
			return labels, s[i+1:], true
		}
		eq := strings.IndexByte(s[i:], '=')
		if eq < 0 || i+eq+1 >= len(s) || s[i+eq+1] != '"' {
			return nil, "", false
		}
		key := strings.TrimSpace(s[i : i+eq])
		var v strings.Builder
		j := i + eq + 2
		for ; j < len(s) && s[j] != '"'; j++ {
			if s[j] == '\\' && j+1 < len(s) {
				j++
				if s[j] == 'n' {
					v.WriteByte('\n')
					continue
				}
			}
			v.WriteByte(s[j])
		}
		if j >= len(s) {
			return nil, "", false
		}
		labels[key] = v.String()
		i = j + 1
	}
}
