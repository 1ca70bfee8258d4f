#!/usr/bin/env python3
"""ServerCost rows of one or more result files: a table per client, and the run's cross-checks."""
import json, sys, glob, os
from collections import defaultdict

def rows(path):
    for e in json.load(open(path)):
        if 'ServerCostBenchmark' not in e['benchmark']:
            continue
        p = e['params']; m = e['secondaryMetrics']
        g = lambda k, m=m: m[k]['score'] if k in m else float('nan')
        err = lambda k, m=m: m[k]['scoreError'] if k in m else float('nan')
        yield p, g, err, m

cols = [('server.apiserverCores', 'api cores', '%.3f'), ('server.etcdCores', 'etcd cores', '%.3f'),
        ('server.apiserverPeakMiB', 'api peak MiB', '%.0f'), ('server.apiserverHeapMiB', 'api heap MiB', '%.0f'),
        ('server.controllerWatches', 'watches', '%.0f'), ('fanout', 'sent/recv', '%.2f'),
        ('server.etcdRequests', 'etcd req/win', '%.0f'), ('server.responseKiB', 'resp KiB/win', '%.0f'),
        ('server.watchEventKiB', 'watch KiB/win', '%.0f'),
        ('probe.getP50Us', 'probe p50 ms', '%.2f'), ('probe.getP99Us', 'probe p99 ms', '%.1f'),
        ('client.cores', 'client cores', '%.2f'), ('poll.getsPerSecond', 'GET/s', '%.0f')]
files = [f for a in sys.argv[1:] for f in (sorted(glob.glob(a + '/*_k8s-*.json')) if os.path.isdir(a) else [a])
         if not f.endswith('.meta.json')]
for f in files:
    name = (os.path.basename(f).split('_') + [os.path.basename(os.path.dirname(f))])[1]
    print('\n==', name, '(' + f + ')')
    print('%-10s %5s %5s ' % ('approach', 'N', 'churn') + ' '.join('%13s' % c[1] for c in cols))
    check = defaultdict(float)
    for p, g, err, m in sorted(rows(f), key=lambda r: (r[0]['churnPerSecond'], r[0]['approach'], int(r[0]['controllers']))):
        vals = []
        for k, _, fmt in cols:
            if k == 'fanout':
                rec = g('server.watchEventsReceived'); v = g('server.watchEventsSent') / rec if rec else float('nan')
            else:
                v = g(k)
                if k.startswith('probe'):
                    v /= 1000
            vals.append(('%13s' % (fmt % v)) if v == v else '%13s' % '-')
        print('%-10s %5s %5s ' % (p['approach'], p['controllers'], p['churnPerSecond']) + ' '.join(vals))
        check['metric'] += g('server.cpuCheck.metricSec'); check['proc'] += g('server.cpuCheck.procSec')
    if check['proc']:
        print('cpu check: process_cpu_seconds_total %.2f s, /proc %.2f s: %+.2f%%' % (
            check['metric'], check['proc'], 100 * (check['metric'] - check['proc']) / check['proc']))
