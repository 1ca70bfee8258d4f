#!/usr/bin/env bash
# informer-bench: informer cache reads vs direct GETs, resync and relist, with the
# Kubernetes Java client on a real API server.
#
#   ./run-bench.sh controlplane start|stop|status   the local control plane in the background
#   ./run-bench.sh --help                           everything else
#
# Builds what is missing first: the control plane binaries (controlplane/build.sh, from
# Go modules) and target/benchmarks.jar (Maven), each only when absent or out of date.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/target/benchmarks.jar"
export INFORMER_BENCH_HOME="$here"

# The jar is rebuilt when a source or the pom is newer than it.
ensure_jar() {
  if [[ -f "$jar" ]] && [[ -z "$(find "$here/core" "$here/benchmarks" "$here/harness/src/main" "$here/pom.xml" "$here/harness/pom.xml" -newer "$jar" -type f -print -quit 2>/dev/null)" ]]; then
    return
  fi
  command -v mvn >/dev/null || { echo "run-bench.sh: target/benchmarks.jar must be built and mvn (Maven) is not on PATH" >&2; exit 2; }
  echo "[run-bench] building target/benchmarks.jar (mvn package)" >&2
  mkdir -p "$here/target"
  if ! (cd "$here" && mvn -B -q -Dstyle.color=never -DskipTests -pl harness -am package >"$here/target/build.log" 2>&1); then
    tail -n 30 "$here/target/build.log" >&2
    echo "run-bench.sh: mvn package failed; the whole log is target/build.log" >&2
    exit 1
  fi
}

command -v java >/dev/null || { echo "run-bench.sh: java (17 or later) is not on PATH" >&2; exit 2; }
ensure_jar
exec java -Dinformerbench.home="$here" -cp "$jar" dev.informerbench.cli.Main "$@"
