#!/usr/bin/env bash
# fabric8's module alone: its tests against a real local control plane (the module's build
# starts one from target/benchmarks.jar before its integration tests and stops it after), and
# its jar. `mvn verify` at the top runs the same tests in the reactor.
#   fabric8/cluster-test.sh            mvn -pl fabric8 -am verify (target/benchmarks.jar built first if absent)
#   fabric8/cluster-test.sh -- ARGS    then: java -jar target/fabric8/benchmarks.jar ARGS on a control plane
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
jmh_args=()
if [[ "${1:-}" == "--" ]]; then shift; jmh_args=("$@"); fi
[[ -f target/benchmarks.jar ]] || mvn -q -pl harness -am -DskipTests package
mvn -q -pl fabric8 -am verify ${F8_TEST:+-Dit.test=$F8_TEST}
grep -h "Tests run" target/informer-bench-fabric8/failsafe-reports/*.txt
if (( ${#jmh_args[@]} )); then
  state="$(mktemp -d -t ib-fabric8-XXXXXX)"
  controlplane() { java -Dinformerbench.stateDir="$state" -cp target/benchmarks.jar dev.informerbench.cli.Main controlplane "$@"; }
  trap 'controlplane stop >/dev/null 2>&1 || true; rm -rf "$state"' EXIT
  kubeconfig="$(controlplane start | tail -n 1)"
  echo "control plane up: $kubeconfig"
  java -jar target/fabric8/benchmarks.jar "${jmh_args[@]}" \
    -jvmArgsAppend "-Dinformerbench.kubeconfig=$kubeconfig -Dinformerbench.runId=f8test"
fi
