#!/usr/bin/env bash
# Runs the fabric8 adapter's tests against a real local control plane (etcd + kube-apiserver on
# 127.0.0.1), started here from the main project's jar with a state folder of its own (its
# own ports), and stopped at the end. `mvn verify` of the main project runs it.
#   fabric8/cluster-test.sh            the tests and the jar check (mvn -f fabric8/pom.xml verify)
#   fabric8/cluster-test.sh -- ARGS    then: java -jar target/fabric8/benchmarks.jar ARGS
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cd "$here"
jmh_args=()
if [[ "${1:-}" == "--" ]]; then shift; jmh_args=("$@"); fi
state="$(mktemp -d -t ib-fabric8-XXXXXX)"
[[ -f target/benchmarks.jar ]] || mvn -q -DskipTests package
controlplane() { java -Dinformerbench.stateDir="$state" -cp target/benchmarks.jar dev.informerbench.cli.Main controlplane "$@"; }
trap 'controlplane stop >/dev/null 2>&1 || true; rm -rf "$state"' EXIT
kubeconfig="$(controlplane start | tail -n 1)"
echo "control plane up: $kubeconfig"
mvn -q -f fabric8/pom.xml verify ${F8_TEST:+-Dtest=$F8_TEST} -Dinformerbench.kubeconfig="$kubeconfig" -Dinformerbench.runId=f8test
grep -h "Tests run" target/fabric8/surefire-reports/*.txt
if (( ${#jmh_args[@]} )); then
  [[ -f target/fabric8/benchmarks.jar ]] || mvn -q -f fabric8/pom.xml -DskipTests package
  java -jar target/fabric8/benchmarks.jar "${jmh_args[@]}" \
    -jvmArgsAppend "-Dinformerbench.kubeconfig=$kubeconfig -Dinformerbench.runId=f8test"
fi
