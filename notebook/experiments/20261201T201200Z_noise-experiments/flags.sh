#!/usr/bin/env bash
# Fork-spread experiment: same rows, 8 forks, under different fork JVM flags.
# Usage: flags.sh KUBECONFIG. JAR: the suite's benchmarks.jar (default: the checkout's
# target/benchmarks.jar); OUT: where CONFIG.json and CONFIG.log go (default: this folder).
set -u
KC="$1"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-$here}; JAR=${JAR:-$here/../../../target/benchmarks.jar}
base="-Xms2g -Xmx2g -Dinformerbench.kubeconfig=$KC -Dinformerbench.runId=exp1"
declare -A cfg
cfg[g1]="$base"
cfg[par]="$base -XX:+UseParallelGC -XX:+AlwaysPreTouch"
cfg[parsync]="$base -XX:+UseParallelGC -XX:+AlwaysPreTouch -XX:-BackgroundCompilation"
for c in ${CONFIGS:-g1 par parsync}; do
  echo "== $c $(date +%T)"
  java -jar "$JAR" 'ListerGetBenchmark.(lister_t1|mapPrecomputedKey_t1)$|IndexerListBenchmark.list$|CustomIndexBenchmark.update$' \
    -p objects=1000 -p client=CLIENT_JAVA -p indexes=1 -f ${FORKS:-8} -wi 5 -w 1s -i 3 -r 1s \
    -jvmArgsAppend "${cfg[$c]}" -rf json -rff "$OUT/$c.json" > "$OUT/$c.log" 2>&1
  echo "rc=$? $(date +%T)"
done
