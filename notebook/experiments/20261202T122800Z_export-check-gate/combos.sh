#!/bin/bash
# Every A/A pair of the three runs as the gate; the action's own code on the two other pairs (older run first).
# HOME_DIR: a checkout with target/benchmarks.jar built (default: the one this folder is in); GAB:
# github-action-benchmark's built checkout, driven by ../20261202T024400Z_export-check/github-action-benchmark/
# (orchestrate.js, analyze.js); WORK: where the exports and the action's data and logs go (default: a new
# temporary folder). Nothing of the tool is committed.
set -e
here=$(cd "$(dirname "$0")" && pwd)
HOME_DIR=${HOME_DIR:-$(cd "$here/../../.." && pwd)}
GAB=${GAB:?the built checkout of github-action-benchmark}
WORK=${WORK:-$(mktemp -d)}
DRIVER=$here/../20261202T024400Z_export-check/github-action-benchmark
R=$HOME_DIR/results
declare -A S=([a]=20261202T083024Z [b]=20261202T093434Z [c]=20261202T111921Z)
declare -A T=([a]=2026-12-02T08:30:24Z [b]=2026-12-02T09:34:34Z [c]=2026-12-02T11:19:21Z)
export TOOLS='[{"tool":"customSmallerIsBetter","suffix":"smaller-is-better","name":"informer-bench (smaller is better)"},{"tool":"customBiggerIsBetter","suffix":"bigger-is-better","name":"informer-bench (bigger is better)"},{"tool":"customSmallerIsBetter","suffix":"ungated.smaller-is-better","name":"informer-bench, charted only (smaller is better)","failOnAlert":false},{"tool":"customBiggerIsBetter","suffix":"ungated.bigger-is-better","name":"informer-bench, charted only (bigger is better)","failOnAlert":false}]'
for g in ab ac bc; do
  g1=${g:0:1}; g2=${g:1:1}; aa=""
  for c in client-go-0.36.3 client-java-27.0.0 fabric8-8.0.0; do
    aa="$aa --aa $R/${S[$g1]}_clients/${S[$g1]}_${c}_k8s-1.36.3.json,$R/${S[$g2]}_clients/${S[$g2]}_${c}_k8s-1.36.3.json"
  done
  for x in a b c; do
    o=$WORK/g-$g/$x; rm -rf $o; mkdir -p $o
    java -Dinformerbench.home=$HOME_DIR -cp $HOME_DIR/target/benchmarks.jar dev.informerbench.cli.Main export \
      --format github-action-benchmark --output $o $aa --alert-threshold 150% \
      $R/${S[$x]}_clients/${S[$x]}_{client-go-0.36.3,client-java-27.0.0,fabric8-8.0.0}_k8s-1.36.3.json 2>&1 | grep "alert gate" | sed "s/^/gate $g, run $x: /"
  done
  for p in ab ac bc; do
    [ $p = $g ] && continue
    p1=${p:0:1}; p2=${p:1:1}
    COMMITS="{\"A\":{\"dir\":\"$WORK/g-$g/$p1\",\"stamp\":\"${S[$p1]}\",\"ts\":\"${T[$p1]}\",\"sha\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1\"},\"B\":{\"dir\":\"$WORK/g-$g/$p2\",\"stamp\":\"${S[$p2]}\",\"ts\":\"${T[$p2]}\",\"sha\":\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2\"}}"
    (cd "$WORK" && GAB="$GAB" OUT=gate-$g-check-$p COMMITS="$COMMITS" node "$DRIVER/orchestrate.js" driver >/dev/null)
    line="gate $g, check $p:"
    for s in smaller-is-better bigger-is-better ungated.smaller-is-better ungated.bigger-is-better; do
      f=$WORK/gate-$g-check-$p/log-$s-B.txt
      line="$line $s alerts=$(grep -c 'Performance alert!' $f || true) failed=$(grep -c 'STEP FAILED' $f || true);"
    done
    echo "$line"
  done
done
