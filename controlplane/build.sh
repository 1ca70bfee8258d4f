#!/usr/bin/env bash
# Builds etcd, kube-apiserver and kubectl from Go modules into a cache outside the
# repository, and prints the folder that holds them as the last line of stdout.
#
#   KUBE_VERSION        Kubernetes release to build (default 1.36.3)
#   KUBEBUILDER_ASSETS  a folder that already holds etcd, kube-apiserver, kubectl:
#                       used as it is, nothing is built (the envtest convention)
#   INFORMER_BENCH_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/informer-bench)
#
# Progress goes to stderr; the first build takes many minutes on two cores, later
# calls find the binaries and return at once.
set -euo pipefail

KUBE_VERSION="${KUBE_VERSION:-1.36.3}"
KUBE_VERSION="${KUBE_VERSION#v}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
binaries=(etcd kube-apiserver kubectl)

log() { printf '[controlplane] %s\n' "$*" >&2; }
die() { printf 'controlplane/build.sh: %s\n' "$1" >&2; exit "${2:-1}"; }

has_all() {
  local dir="$1" b
  for b in "${binaries[@]}"; do [[ -x "$dir/$b" ]] || return 1; done
}

if [[ -n "${KUBEBUILDER_ASSETS:-}" ]]; then
  has_all "$KUBEBUILDER_ASSETS" \
    || die "KUBEBUILDER_ASSETS=$KUBEBUILDER_ASSETS must hold executable etcd, kube-apiserver and kubectl" 2
  log "using KUBEBUILDER_ASSETS=$KUBEBUILDER_ASSETS (nothing built)"
  echo "$KUBEBUILDER_ASSETS"
  exit 0
fi

[[ "$KUBE_VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] \
  || die "KUBE_VERSION '$KUBE_VERSION' is not a release like 1.36.3" 2
command -v go >/dev/null || die "go is not on PATH; a Go toolchain (1.26 or later) is needed to build the control plane" 2

export GOTOOLCHAIN="${GOTOOLCHAIN:-local}" CGO_ENABLED=0 GOFLAGS=-mod=mod
goos="$(go env GOOS)"; goarch="$(go env GOARCH)"
cache_root="${INFORMER_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/informer-bench}"
out="$cache_root/k8s/$KUBE_VERSION-$goos-$goarch"

if has_all "$out"; then
  log "binaries for v$KUBE_VERSION found in $out"
  echo "$out"
  exit 0
fi

mkdir -p "$cache_root/k8s"
# One build at a time per version: Maven and run-bench.sh may ask at once.
exec 9>"$out.lock"
if ! flock -n 9; then
  log "another build of v$KUBE_VERSION is running; waiting for it"
  flock 9
fi
if has_all "$out"; then echo "$out"; exit 0; fi

start=$(date +%s)
elapsed() { local s=$(( $(date +%s) - start )); printf '%dm%02ds' $((s / 60)) $((s % 60)); }

work="$cache_root/k8s/build-$KUBE_VERSION"
rm -rf "$work"; mkdir -p "$work/cmd/etcd"
cp "$here/etcd/main.go" "$work/cmd/etcd/main.go"
cd "$work"

log "phase 1/3: resolving k8s.io/kubernetes v$KUBE_VERSION through the Go module proxy"
modfile="$(go mod download -json "k8s.io/kubernetes@v$KUBE_VERSION" 2>"$work/download.err" \
  | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')" || true
[[ -n "$modfile" && -f "$modfile" ]] \
  || die "the Go module proxy did not serve k8s.io/kubernetes@v$KUBE_VERSION: $(tail -n 3 "$work/download.err" | tr '\n' ' ')"

# k8s.io/kubernetes points its staging modules at ./staging; as a dependency each
# needs the published module of the same minor (v1.36.3 -> v0.36.3) instead.
staging_version="v0.${KUBE_VERSION#*.}"
{
  echo "module informer-bench/controlplane-build"
  echo
  echo "go $(sed -n 's/^go \(.*\)$/\1/p' "$modfile")"
  echo
  echo "require k8s.io/kubernetes v$KUBE_VERSION"
  echo
  # tool lines keep the commands in the module graph through go mod tidy.
  echo "tool ("
  echo "	k8s.io/kubernetes/cmd/kube-apiserver"
  echo "	k8s.io/kubernetes/cmd/kubectl"
  echo ")"
  echo
  echo "replace ("
  sed -n 's#^[[:space:]]*\(k8s\.io/[^[:space:]]*\) => \./staging/.*$#\t\1 => \1 '"$staging_version"'#p' "$modfile"
  echo ")"
} > go.mod
log "  $(grep -c ' => ' go.mod) staging modules replaced by their $staging_version releases"

log "phase 2/3: downloading modules ($(elapsed))"
go mod tidy >"$work/tidy.log" 2>&1 || die "go mod tidy failed: $(tail -n 5 "$work/tidy.log" | tr '\n' ' ')"

minor="${KUBE_VERSION#*.}"; minor="${minor%%.*}"
ldflags="-s -w \
 -X k8s.io/component-base/version.gitVersion=v$KUBE_VERSION \
 -X k8s.io/component-base/version.gitMajor=1 \
 -X k8s.io/component-base/version.gitMinor=$minor \
 -X k8s.io/component-base/version.gitTreeState=clean \
 -X k8s.io/component-base/version.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ) \
 -X k8s.io/client-go/pkg/version.gitVersion=v$KUBE_VERSION \
 -X k8s.io/client-go/pkg/version.gitMajor=1 \
 -X k8s.io/client-go/pkg/version.gitMinor=$minor"

log "phase 3/3: compiling etcd, kube-apiserver, kubectl (the first time takes many minutes)"
staging="$out.partial"; rm -rf "$staging"; mkdir -p "$staging"
go build -v -trimpath -ldflags "$ldflags" -o "$staging/" \
  ./cmd/etcd k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kubectl \
  >"$work/build.log" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  sleep 20
  kill -0 "$pid" 2>/dev/null && log "  compiling: $(grep -vc '^#' "$work/build.log" || true) packages done, $(elapsed) elapsed"
done
wait "$pid" || die "go build failed after $(elapsed): $(tail -n 8 "$work/build.log" | tr '\n' ' ')"

has_all "$staging" || die "go build finished but did not produce all of: ${binaries[*]}"
rm -rf "$out"; mv "$staging" "$out"
log "built v$KUBE_VERSION in $(elapsed): $out"
echo "$out"
