#!/usr/bin/env python3
"""Break-even of a ServerCost --clients folder: kube-apiserver CPU per GET a poller made, per informer
beyond the first, and how many GETs a second cost the server what one more informer does.

  per GET      = (POLL x N cores - LIST_WATCH x 1 cores) / GETs a second made, at the same churn
  per informer = (informers x 100 cores - informers x 1 cores) / 99, per sync approach and churn
  break-even   = per informer / per GET, in GETs a second
Usage: servercost_breakeven.py FOLDER"""
import glob, json, os, sys

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

def cores(c, a, n, churn):
    return data[(c, a, n, churn)]['server.apiserverCores']

print('folder', os.path.basename(os.path.normpath(folder)))
for churn in (0, 10):
    print('\nchurn %d writes/s' % churn)
    for c in order:
        if (c, 'POLL', 100, churn) not in data:
            continue
        base = cores(c, 'LIST_WATCH', 1, churn)
        per_get = {}
        for n in (10, 100):
            if (c, 'POLL', n, churn) not in data:
                per_get[n] = float('nan')
                continue
            gets = data[(c, 'POLL', n, churn)]['poll.getsPerSecond']
            per_get[n] = (cores(c, 'POLL', n, churn) - base) / gets * 1000.0  # ms of CPU per GET
        line = '  %-12s ms CPU/GET: x10 %.2f  x100 %.2f' % (c, per_get[10], per_get[100])
        for a in ('LIST_WATCH', 'WATCH_LIST'):
            per_inf = (cores(c, a, 100, churn) - cores(c, a, 1, churn)) / 99 * 1000.0  # millicores
            line += ' | %s mcores/informer %+.2f, = %.2f GETs/s' % (a, per_inf, per_inf / per_get[100])
        print(line)
