#!/usr/bin/env python3
"""RestartStorm rows of a --clients run folder (or files): one table per client, and the cross-checks.
Sums (Merge.SUM: listsFrom*, cpuCheck.*) are over the measured storms; they are divided by the storms here."""
import json, sys, glob, os

cols = [('score', 'synced s', 1 / 1000, '%.2f'), ('server.apiserverCores', 'api cores', 1, '%.3f'),
        ('server.cpuCheck.procSec', 'api CPU s/storm', 'per', '%.2f'),
        ('server.apiserverPeakMiB', 'api peak MiB', 1, '%.0f'), ('server.etcdCores', 'etcd cores', 1, '%.3f'),
        ('server.etcdPeakMiB', 'etcd peak MiB', 1, '%.0f'),
        ('server.listsFromCache', 'cache LIST/storm', 'per', '%.0f'), ('server.listsFromEtcd', 'etcd LIST/storm', 'per', '%.0f'),
        ('server.responseKiB', 'resp MiB', 1 / 1024, '%.0f'), ('server.controllerWatches', 'watches', 1, '%.0f'),
        ('recovery.lists', 'LIST/inf', 1, '%.2f'), ('recovery.listsAfter410', 'LIST410/inf', 1, '%.2f'),
        ('recovery.watches', 'WATCH/inf', 1, '%.2f'), ('probe.getP99Us', 'probe p99 ms', 1 / 1000, '%.0f'),
        ('client.cores', 'client cores', 1, '%.2f'), ('recovery.outageMs', 'outage s', 1 / 1000, '%.1f')]
files = [f for a in sys.argv[1:] for f in (sorted(glob.glob(a + '/*_k8s-*.json')) if os.path.isdir(a) else [a])
         if not f.endswith('.meta.json')]
for f in files:
    print('\n==', os.path.basename(f))
    print('%-10s %4s %4s ' % ('approach', 'N', 'KiB') + ' '.join('%14s' % c[1] for c in cols))
    metric = proc = 0.0
    for e in sorted((e for e in json.load(open(f)) if 'RestartStormBenchmark' in e['benchmark']),
                    key=lambda e: (e['params']['approach'], int(e['params']['controllers']))):
        p, m = e['params'], e['secondaryMetrics']
        storms = len([x for r in e['primaryMetric']['rawData'] for x in r])
        vals = []
        for k, label, scale, fmt in cols:
            if k == 'score':
                v = e['primaryMetric']['score']
            else:
                v = m[k]['score'] if k in m else float('nan')
            v = v / storms if scale == 'per' else v * scale
            vals.append('%14s' % (fmt % v) if v == v else '%14s' % '-')
        print('%-10s %4s %4s ' % (p['approach'], p['controllers'], p['objectKiB']) + ' '.join(vals))
        if 'server.cpuCheck.procSec' in m:
            metric += m['server.cpuCheck.metricSec']['score']; proc += m['server.cpuCheck.procSec']['score']
    if proc:
        print('cpu check: process_cpu_seconds_total %.2f s, /proc %.2f s: %+.2f%%' % (metric, proc, 100 * (metric - proc) / proc))
