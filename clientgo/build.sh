#!/usr/bin/env bash
# Builds informer-bench-go, the client-go reference side of the suite, and prints the
# binary's path as the last line of stdout.
#
#   INFORMER_BENCH_HOME  the repository root the binary goes under (default: this repository)
#   CLIENTGO_MODULE      the absolute path of a local k8s.io/client-go module directory (a
#                        maintainer's unreleased build); unset or empty: the version go.mod pins
#
# Builds into $INFORMER_BENCH_HOME/target/clientgo/informer-bench-go only when the binary is
# missing or older than any source (*.go in any of the module's packages, go.mod, go.sum, the
# JSON templates internal/fixtures/shapes/ embeds); progress goes to stderr.
#
# With CLIENTGO_MODULE the same program is built against that directory instead, by a
# `replace k8s.io/client-go => <dir>` in a copy of go.mod (go build -modfile), into
# target/clientgo-local/<key>/ (key: a hash of the directory's physical path): local.mod and
# local.sum (what go resolved: the dependency graph of the build), module (the directory) and
# informer-bench-go. It is rebuilt when a *.go, go.mod or go.sum under clientgo/ or under the
# directory is newer than it. clientgo/go.mod, go.sum and the directory are never written.
# Exit 2: bad input (one line, nothing written); exit 1: the build failed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
home="${INFORMER_BENCH_HOME:-$(dirname "$here")}"
out="$home/target/clientgo/informer-bench-go"
module="${CLIENTGO_MODULE:-}"

log() { printf '[clientgo] %s\n' "$*" >&2; }
die() { printf 'clientgo/build.sh: %s\n' "$1" >&2; exit "${2:-1}"; }

command -v go >/dev/null || die "go is not on PATH; a Go toolchain (1.26 or later) is needed to build informer-bench-go" 2

# stale DIR...: whether a source under any DIR is newer than the binary (or there is none).
stale() {
  [[ ! -x "$out" ]] || [[ -n "$(find "$@" \( -name '*.go' -o -name go.mod -o -name go.sum \
    -o -path '*/internal/fixtures/shapes/*.json' \) -newer "$out" -print -quit)" ]]
}

if [[ -n "$module" ]]; then
  accepted="accepted: CLIENTGO_MODULE=/absolute/path of a directory whose go.mod declares module k8s.io/client-go"
  [[ "$module" == /* ]] || die "CLIENTGO_MODULE '$module' is not an absolute path; $accepted" 2
  [[ -d "$module" ]] || die "CLIENTGO_MODULE '$module' is not a directory; $accepted" 2
  [[ -f "$module/go.mod" ]] || die "CLIENTGO_MODULE '$module' has no go.mod; $accepted" 2
  # The module line, its path unquoted: module k8s.io/client-go, or module "k8s.io/client-go".
  declared="$(awk '$1 == "module" { gsub(/"/, "", $2); print $2; exit }' "$module/go.mod")"
  [[ "$declared" == "k8s.io/client-go" ]] \
    || die "CLIENTGO_MODULE '$module' declares module '${declared:-(none)}'; $accepted" 2
  module="$(cd "$module" && pwd -P)"
  key="$(printf '%s' "$module" | if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi | cut -c1-12)"
  dir="$home/target/clientgo-local/$key"
  out="$dir/informer-bench-go"
  if ! stale "$here" "$module"; then
    log "informer-bench-go against $module is up to date: $out"
    echo "$out"
    exit 0
  fi
elif ! stale "$here"; then
  log "informer-bench-go is up to date: $out"
  echo "$out"
  exit 0
fi

export GOTOOLCHAIN="${GOTOOLCHAIN:-local}" CGO_ENABLED=0
mkdir -p "$(dirname "$out")"
start=$(date +%s)
if [[ -n "$module" ]]; then
  log "building informer-bench-go against the k8s.io/client-go in $module"
  printf '%s\n' "$module" >"$dir/module"
  cp "$here/go.mod" "$dir/local.mod"
  cp "$here/go.sum" "$dir/local.sum"
  go mod edit -replace="k8s.io/client-go=$module" "$dir/local.mod" || die "go mod edit of $dir/local.mod failed"
  # -mod=mod: the directory's go.mod may require newer modules than clientgo/go.mod does; go then
  # writes the versions it selects (and their sums) into local.mod and local.sum, the copies, where
  # -mod=readonly would stop. Modules not in the module cache are fetched as GOPROXY and GOFLAGS say.
  (cd "$here" && go build -trimpath -modfile="$dir/local.mod" -mod=mod -o "$out.partial" .) >&2 \
    || { rm -f "$out.partial"; die "go build against the k8s.io/client-go in $module failed (its output above)"; }
else
  log "building informer-bench-go (k8s.io/client-go as pinned in clientgo/go.mod)"
  (cd "$here" && go build -trimpath -o "$out.partial" .) >&2 || die "go build failed (output above)"
fi
mv "$out.partial" "$out"
log "built in $(( $(date +%s) - start ))s: $out"
echo "$out"
