#!/usr/bin/env bash
KC=$(cat /work/exp/kc); JAR=/work/main/target/benchmarks.jar
base="-Xms2g -Xmx2g -XX:+UseParallelGC -XX:+AlwaysPreTouch -Dinformerbench.kubeconfig=$KC -Dinformerbench.runId=thp"
declare -A cfg
cfg[par]="$base"
cfg[thp]="$base -XX:+UseTransparentHugePages"
for c in ${CONFIGS:-thp par}; do
  echo "== $c $(date +%T)"
  java -jar $JAR 'ListerGetBenchmark.(lister_t1|mapPrecomputedKey_t1)$|IndexerListBenchmark.list$' \
    -p objects=1000 -p client=CLIENT_JAVA -f ${FORKS:-6} -wi 4 -w 1s -i 3 -r 1s \
    -jvmArgsAppend "${cfg[$c]}" -rf json -rff /work/exp/thp-$c.json > /work/exp/thp-$c.log 2>&1
done
