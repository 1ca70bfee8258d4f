#!/usr/bin/env bash
# The fork-spread experiments of 2026-12-01 23:14-23:50 UTC: 10 forks (12 for series.json) of
# ListerGet's lister_t1 and mapPrecomputedKey_t1 at 1,000 objects under one fork JVM option
# each, 6 x 1 s warm-up, 2 x 1 s measured, one running local control plane
# (./run-bench.sh controlplane start prints the kubeconfig), nothing else on the machine.
# Usage: KC=path/to/kubeconfig ./run.sh NAME "EXTRA FORK JVM OPTIONS" [JMH OPTIONS...]
set -u
KC=${KC:?the kubeconfig ./run-bench.sh controlplane start printed}
JAR=${JAR:-target/benchmarks.jar}
name=$1; extra=$2; shift 2
java -jar "$JAR" 'ListerGetBenchmark.(lister_t1|mapPrecomputedKey_t1)$' -p objects=1000 -p client=CLIENT_JAVA \
  -f "${FORKS:-10}" -wi 6 -w 1s -i 2 -r 1s "$@" \
  -jvmArgsAppend "-Xms2g -Xmx2g -Dinformerbench.kubeconfig=$KC -Dinformerbench.runId=spread $extra" \
  -rf json -rff "$name.json"
