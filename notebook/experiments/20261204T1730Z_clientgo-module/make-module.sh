#!/usr/bin/env bash
# A k8s.io/client-go module folder with one file changed, as a client-go maintainer's checkout
# would be: the module clientgo/go.mod pins, copied from the Go module cache (as the module proxy
# serves it), committed with git so that it has a commit, and lister-sprintf.diff applied on top
# (left uncommitted: the run records it as dirty, and keeps the diff beside its result).
#   make-module.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
dir="$1"
version="$(awk '$1 == "k8s.io/client-go" {print $2}' "$root/clientgo/go.mod")"
src="$(cd "$root/clientgo" && go env GOMODCACHE)/k8s.io/client-go@$version"
[[ -d "$src" ]] || (cd "$root/clientgo" && go mod download k8s.io/client-go)
[[ ! -e "$dir" ]] || { echo "make-module.sh: $dir exists" >&2; exit 2; }
cp -r "$src" "$dir"
chmod -R u+w "$dir"
git -C "$dir" init -q
git -C "$dir" add -A
git -C "$dir" -c user.name=informer-bench -c user.email=bench@informer-bench.invalid commit -q \
  -m "k8s.io/client-go $version as the module proxy serves it"
git -C "$dir" apply "$here/lister-sprintf.diff"
echo "$dir: k8s.io/client-go $version at $(git -C "$dir" rev-parse --short=12 HEAD), $(git -C "$dir" diff --stat | tail -1)"
