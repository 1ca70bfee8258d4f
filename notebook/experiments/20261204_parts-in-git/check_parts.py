#!/usr/bin/env python3
"""Do the interleaved runs' parts/ files belong in git? For every run folder with an interleave.json
under results/ and notebook/experiments/ of a checkout (its root: the argument, default the current
folder), from the commit before they were removed:
  1. each merged file against the one-fork files it names (mergedFrom): every row's primary rawData and
     rawDataHistogram and every secondary metric's rawData, fork by fork in order;
  2. each unit's per-process request counters (.requests/*.json) against the unit's client counts in
     interleave.json (the counters are summed into them, the runner's own requests added);
  3. the files and bytes of parts/ by kind, kept (no other file holds them) or left out.
Usage: check_parts.py [CHECKOUT_ROOT]"""
import collections, glob, json, os, sys

root = sys.argv[1] if len(sys.argv) > 1 else '.'
os.chdir(root)
key = lambda e: (e['benchmark'], e['mode'], e['threads'], json.dumps(e.get('params', {}), sort_keys=True))
tot = collections.Counter()
for il_file in sorted(glob.glob('results/*/interleave.json') + glob.glob('notebook/experiments/*/interleave.json')):
    folder = os.path.dirname(il_file)
    metas = sorted(f for f in os.listdir(folder) if f.endswith('.meta.json'))
    ok = bad = badsec = parts = 0
    for mf in metas:
        m = json.load(open(os.path.join(folder, mf)))
        merged = json.load(open(os.path.join(folder, mf.replace('.meta.json', '.json'))))
        raw, hist, sraw = collections.defaultdict(list), collections.defaultdict(list), collections.defaultdict(list)
        for p in m['mergedFrom']:
            parts += 1
            for e in json.load(open(os.path.join(folder, p))):
                raw[key(e)] += e['primaryMetric'].get('rawData', [])
                hist[key(e)] += e['primaryMetric'].get('rawDataHistogram', [])
                for sk, sv in e.get('secondaryMetrics', {}).items():
                    sraw[key(e) + (sk,)] += sv.get('rawData', [])
        for e in merged:
            same = (e['primaryMetric'].get('rawData') == raw[key(e)]
                    and e['primaryMetric'].get('rawDataHistogram', []) == hist[key(e)])
            ok += same
            bad += not same
            badsec += sum(sv.get('rawData') != sraw[key(e) + (sk,)] for sk, sv in e.get('secondaryMetrics', {}).items())
    il = json.load(open(il_file))
    reqn = reqbad = 0
    for r in il['runs']:
        d = os.path.join(folder, os.path.dirname(r['resultFile'])) if r.get('resultFile') else None
        if d and r.get('requests') and os.path.isdir(os.path.join(d, '.requests')):
            s = collections.Counter()
            for f in glob.glob(os.path.join(d, '.requests', '*.json')):
                s.update(json.load(open(f)))
            reqn += 1
            reqbad += any(s[k] > r['requests']['client'].get(k, 0) for k in s)
    print(f"{folder}: {len(metas)} merged files from {parts} part files; rows with every fork's raw data equal: {ok},"
          f" differing: {bad}; secondary differing: {badsec}; units with .requests: {reqn}, sum above the recorded: {reqbad}")
    tot.update(folders=1, parts=parts, ok=ok, bad=bad, badsec=badsec)
print(dict(tot))

files = sorted(os.path.join(d, n) for top in ('results', 'notebook') for d, _, names in os.walk(top) for n in names
               if '/parts/' in os.path.join(d, n))
status = {}
def unit_complete(f):
    top, rest = f.split('/parts/')
    if top not in status:
        status[top] = json.load(open(top + '/interleave.json'))['runs']
    unit = rest.split('/')[0]
    mine = [r for r in status[top] if (r.get('resultFile') or '').startswith('parts/' + unit + '/')]
    return bool(mine) and mine[0]['status'] == 'complete'
def kind(f):
    n = os.path.basename(f)
    if '/.requests/' in f: return '.requests/*.json', False
    if n == '.phase': return '.phase', not unit_complete(f)
    if n.endswith('.meta.json'): return '.meta.json', True
    if n.endswith('.summary.txt'): return '.summary.txt', False
    if n.endswith('.json'): return 'one-fork JMH .json', False
    return os.path.splitext(n)[1], True
count, size = collections.Counter(), collections.Counter()
for f in files:
    k, keep = kind(f)
    count[(k, keep)] += 1
    size[(k, keep)] += os.path.getsize(f)
print(f"\nparts/: {len(files)} files, {sum(size.values()):,} bytes")
for keep in (True, False):
    print('kept' if keep else 'left out', sum(c for (k, kp), c in count.items() if kp == keep), 'files,',
          f"{sum(b for (k, kp), b in size.items() if kp == keep):,} bytes")
    for (k, kp), c in sorted(count.items()):
        if kp == keep:
            print(f"  {k}: {c} files, {size[(k, kp)]:,} bytes")
