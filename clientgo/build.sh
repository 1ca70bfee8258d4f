#!/usr/bin/env bash
# Builds informer-bench-go, the client-go reference side of the suite, and prints the
# binary's path as the last line of stdout.
#
#   INFORMER_BENCH_HOME  the repository root the binary goes under (default: this repository)
#
# Builds into $INFORMER_BENCH_HOME/target/clientgo/informer-bench-go only when the binary is
# missing or older than any source (*.go in any of the module's packages, go.mod, go.sum);
# progress goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
home="${INFORMER_BENCH_HOME:-$(dirname "$here")}"
out="$home/target/clientgo/informer-bench-go"

log() { printf '[clientgo] %s\n' "$*" >&2; }
die() { printf 'clientgo/build.sh: %s\n' "$1" >&2; exit "${2:-1}"; }

command -v go >/dev/null || die "go is not on PATH; a Go toolchain (1.26 or later) is needed to build informer-bench-go" 2

if [[ -x "$out" ]] && [[ -z "$(find "$here" \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "$out" -print -quit)" ]]; then
  log "informer-bench-go is up to date: $out"
  echo "$out"
  exit 0
fi

export GOTOOLCHAIN="${GOTOOLCHAIN:-local}" CGO_ENABLED=0
mkdir -p "$(dirname "$out")"
log "building informer-bench-go (k8s.io/client-go as pinned in clientgo/go.mod)"
start=$(date +%s)
(cd "$here" && go build -trimpath -o "$out.partial" .) >&2 || die "go build failed (output above)"
mv "$out.partial" "$out"
log "built in $(( $(date +%s) - start ))s: $out"
echo "$out"
