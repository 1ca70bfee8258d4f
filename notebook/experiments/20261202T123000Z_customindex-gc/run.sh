#!/bin/bash
# fabric8 CustomIndex.lookup, one fork per run, five runs each: without and with a full GC before every iteration (-gc true)
# Run from anywhere: it runs the checkout this folder is in (HOME_DIR to name another); LOG: the runs' output
# (default: a temporary file).
set -u
HOME_DIR=${HOME_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)}
LOG=${LOG:-$(mktemp)}
cd "$HOME_DIR"
for extra in "" "-gc true"; do
  for i in 1 2 3 4 5; do
    ./run-bench.sh --clients fabric8 --profile quick -- CustomIndexBenchmark.lookup -p objects=1000 -p indexes=1,3 -f 1 -prof gc $extra > "$LOG" 2>&1
    d=$(grep "^run folder:" "$LOG" | awk '{print $3}')
    python3 - "$d" "$extra" <<'PY'
import json,glob,sys
f=[x for x in glob.glob(sys.argv[1]+'/*fabric8*k8s*.json') if not x.endswith('meta.json')][0]
for r in json.load(open(f)):
    it=[round(v/1000,1) for fork in r['primaryMetric']['rawData'] for v in fork]
    gc=r['secondaryMetrics'].get('gc.count',{}).get('score')
    print(f"gc={sys.argv[2] or 'off':8} idx={r['params']['indexes']} score={r['primaryMetric']['score']/1000:.1f}us iters={it} gcs={gc} {sys.argv[1].split('/')[-1]}")
PY
  done
done
