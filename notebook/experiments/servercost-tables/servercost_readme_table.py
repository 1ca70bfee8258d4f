#!/usr/bin/env python3
"""README table of a ServerCost --clients folder: kube-apiserver (and etcd) cores, quiet / churn, per client."""
import json, glob, sys, os
folder = sys.argv[1]
# a client listed twice (an A/A pair inside the run) has a second file ending in _2: 'repeat' reads those
repeat = len(sys.argv) > 2 and sys.argv[2] == 'repeat'
order = ['client-java', 'fabric8', 'client-go']
data = {}
for f in sorted(glob.glob(folder + '/*_k8s-*.json')):
    if f.endswith('.meta.json') or f.endswith('_2.json') != repeat:
        continue
    client = os.path.basename(f).split('_')[1].rsplit('-', 1)[0]
    for e in json.load(open(f)):
        p = e['params']; m = e['secondaryMetrics']
        data[(client, p['approach'], int(p['controllers']), int(p['churnPerSecond']))] = {k: v['score'] for k, v in m.items()}
def cell(c, a, n, key, fmt):
    q = data.get((c, a, n, 0), {}).get(key); w = data.get((c, a, n, 10), {}).get(key)
    return (fmt % q if q is not None else '-') + ' / ' + (fmt % w if w is not None else '-')
for key, title, fmt in [('server.apiserverCores', 'kube-apiserver CPU, cores (quiet / 10 writes a second)', '%.3f'),
                        ('server.etcdCores', 'etcd CPU, cores (quiet / 10 writes a second)', '%.3f'),
                        ('server.apiserverPeakMiB', 'kube-apiserver peak resident memory, MiB (quiet / 10 writes a second)', '%.0f')]:
    print('\n' + title + '\n')
    print('| controllers | ' + ' | '.join(order) + ' |')
    print('|---|' + '---|' * len(order))
    for a, label in [('LIST_WATCH', 'informers, LIST+WATCH'), ('WATCH_LIST', 'informers, WatchList'), ('POLL', 'pollers, GET')]:
        for n in sorted({k[2] for k in data}):
            print('| %s × %d | ' % (label, n) + ' | '.join(cell(c, a, n, key, fmt) for c in order) + ' |')
print('\nGETs a second the pollers made (quiet / churn)\n')
for n in sorted({k[2] for k in data}):
    print('POLL × %d: ' % n + ', '.join(c + ' ' + cell(c, 'POLL', n, 'poll.getsPerSecond', '%.0f') for c in order))
