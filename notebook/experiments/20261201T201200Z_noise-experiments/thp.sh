#!/usr/bin/env bash
# Transparent huge pages or not, under ParallelGC + AlwaysPreTouch: 6 forks of three in-memory rows.
# Usage: thp.sh KUBECONFIG. JAR: the suite's benchmarks.jar (default: the checkout's
# target/benchmarks.jar); OUT: where thp-CONFIG.json and .log go (default: this folder).
KC=${1:?usage: thp.sh KUBECONFIG}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-$here}; JAR=${JAR:-$here/../../../target/benchmarks.jar}
base="-Xms2g -Xmx2g -XX:+UseParallelGC -XX:+AlwaysPreTouch -Dinformerbench.kubeconfig=$KC -Dinformerbench.runId=thp"
declare -A cfg
cfg[par]="$base"
cfg[thp]="$base -XX:+UseTransparentHugePages"
for c in ${CONFIGS:-thp par}; do
  echo "== $c $(date +%T)"
  java -jar "$JAR" 'ListerGetBenchmark.(lister_t1|mapPrecomputedKey_t1)$|IndexerListBenchmark.list$' \
    -p objects=1000 -p client=CLIENT_JAVA -f ${FORKS:-6} -wi 4 -w 1s -i 3 -r 1s \
    -jvmArgsAppend "${cfg[$c]}" -rf json -rff "$OUT/thp-$c.json" > "$OUT/thp-$c.log" 2>&1
done
