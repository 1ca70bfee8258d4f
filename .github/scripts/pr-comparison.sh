#!/usr/bin/env bash
# What .github/workflows/benchmark.yml compares for a pull request, and the files it compares
# (docs/ci.md). Three commands:
#
#   versions BASE_DIR HEAD_DIR [auto|suite]
#     The client versions the base's and the head's checkouts pin: client-java (pom.xml
#     kubernetes.client.version), fabric8 (pom.xml fabric8.version), client-go (clientgo/go.mod's
#     k8s.io/client-go). Prints key=value lines for $GITHUB_OUTPUT:
#       comparison    clients when client-java's or fabric8's version changed (and not `suite`):
#                     the old and new versions in one interleaved run of the head's suite;
#                     else suite: base and head are two builds of the suite, run one after the other
#       clients       that run's --clients: X@OLD,X@NEW,X@OLD for each changed Java client;
#                     empty for suite
#       changes       each changed Java client as client:old:new, space-separated
#       client_go     old:new when client-go's version changed, else empty
#       side_clients  --clients of each run of a suite comparison: client-go when its version
#                     changed (it takes no version in --clients, so base and head build their own);
#                     empty for client-java's usual run
#       other         how many other files differ (the suite's code, docs ...), named on stderr
#   contenders RUN_FOLDER CLIENT OLD NEW
#     Copies an interleaved run's merged files of CLIENT at OLD, at NEW and at OLD again (the
#     A/A) to CLIENT-OLD.*, CLIENT-NEW.* and CLIENT-OLD-again.* in RUN_FOLDER, so that the
#     comparison's columns say what they are; prints the three JSON files' paths.
#   side DIR NAME
#     Renames the one result file of a run under DIR (and its sidecar, summary, latency files)
#     to NAME.* in its folder; prints its path.
#
# A problem is one line on stderr and exit 1; bad usage exit 2.
set -euo pipefail

die() { echo "pr-comparison.sh: $*" >&2; exit 1; }

# The value of <NAME>...</NAME> in a pom; empty when the file or the property is not there.
pom_property() {
  [[ -f "$1" ]] || return 0
  sed -n "s|.*<${2//./\\.}>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</${2//./\\.}>.*|\1|p" "$1" | head -n 1
}

# k8s.io/client-go's version in a go.mod, without its v (as the suite's ClientBuilds reads it).
client_go() {
  [[ -f "$1" ]] || return 0
  sed -n 's|^[[:space:]]*k8s\.io/client-go[[:space:]]\{1,\}v\([^[:space:]]*\).*|\1|p' "$1" | head -n 1
}

# "sha256  ./path" for every file of a checkout but .git and target/, sorted.
sums() {
  (cd "$1" && find . \( -name .git -o -name target \) -prune -o -type f -print0 | LC_ALL=C sort -z \
    | xargs -0 -r sha256sum | LC_ALL=C sort)
}

versions() {
  local base="$1" head="$2" mode="${3:-auto}"
  [[ -d "$base" && -d "$head" ]] || die "versions: $base or $head is not a directory"
  [[ "$mode" == auto || "$mode" == suite ]] || die "versions: '$mode' is not auto or suite"
  local clients=() changes=() client property old new
  for client in client-java fabric8; do
    property=kubernetes.client.version
    [[ "$client" == fabric8 ]] && property=fabric8.version
    old="$(pom_property "$base/pom.xml" "$property")"
    new="$(pom_property "$head/pom.xml" "$property")"
    if [[ -n "$old" && -n "$new" && "$old" != "$new" ]]; then
      clients+=("$client@$old" "$client@$new" "$client@$old")
      changes+=("$client:$old:$new")
    fi
  done
  local go_old go_new go_change=''
  go_old="$(client_go "$base/clientgo/go.mod")"
  go_new="$(client_go "$head/clientgo/go.mod")"
  [[ -n "$go_old" && -n "$go_new" && "$go_old" != "$go_new" ]] && go_change="$go_old:$go_new"

  # Files that differ, but the version lines themselves (and go.mod/go.sum with client-go's).
  local other=() file
  while IFS= read -r file; do
    case "$file" in
      pom.xml)
        if diff -q <(sed -e '/<kubernetes\.client\.version>/d' -e '/<fabric8\.version>/d' "$base/pom.xml") \
          <(sed -e '/<kubernetes\.client\.version>/d' -e '/<fabric8\.version>/d' "$head/pom.xml") >/dev/null; then
          continue
        fi ;;
      clientgo/go.mod | clientgo/go.sum) [[ -n "$go_change" ]] && continue ;;
    esac
    other+=("$file")
  done < <(LC_ALL=C comm -3 <(sums "$base") <(sums "$head") | sed 's/^\t//' | cut -c67- | sed 's|^\./||' \
    | LC_ALL=C sort -u)

  local comparison=clients
  if [[ "$mode" == suite || ${#changes[@]} -eq 0 ]]; then
    comparison=suite
    clients=()
  fi
  local IFS=,
  echo "comparison=$comparison"
  echo "clients=${clients[*]}"
  IFS=' '
  echo "changes=${changes[*]}"
  echo "client_go=$go_change"
  if [[ -n "$go_change" ]]; then echo "side_clients=client-go"; else echo "side_clients="; fi
  echo "other=${#other[@]}"
  if (( ${#other[@]} > 0 )); then
    printf 'also changed: %s\n' "${other[@]}" >&2
  fi
}

# The merged result of CLIENT at VERSION in RUN: its first listing, or with "_2" its second.
merged() {
  local run="$1" client="$2" version="$3" repeat="$4" found=()
  if [[ -n "$repeat" ]]; then
    mapfile -t found < <(find "$run" -maxdepth 1 -name "*_$client-${version}_k8s-*$repeat.json" -print)
  else
    mapfile -t found < <(find "$run" -maxdepth 1 -name "*_$client-${version}_k8s-*.json" \
      ! -name '*.meta.json' ! -name '*_k8s-*_*' -print)
  fi
  (( ${#found[@]} == 1 )) || die "found ${#found[@]} results of $client $version${repeat:+ (its repeat)} in" \
    "$run, not one: its build or every unit of it failed (the run's log says which)"
  echo "${found[0]}"
}

contenders() {
  local run="$1" client="$2" old="$3" new="$4" first second again file from to i
  [[ -d "$run" ]] || die "contenders: no run folder $run"
  first="$(merged "$run" "$client" "$old" '')"
  second="$(merged "$run" "$client" "$new" '')"
  again="$(merged "$run" "$client" "$old" _2)"
  local -a pairs=("$first" "$client-$old" "$second" "$client-$new" "$again" "$client-$old-again")
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    from="${pairs[i]%.json}"
    to="$run/${pairs[i + 1]}"
    for file in "$from.json" "$from.meta.json" "$from.summary.txt"; do
      if [[ -f "$file" ]]; then
        cp "$file" "$to${file#"$from"}"
      fi
    done
    echo "$to.json"
  done
}

side() {
  local dir="$1" name="$2" found=() stem folder f
  mapfile -t found < <(find "$dir" -maxdepth 2 -name '*_k8s-*.json' ! -name '*.meta.json' -print)
  (( ${#found[@]} == 1 )) || die "side: expected one result file in $dir, found ${#found[@]}"
  folder="$(dirname "${found[0]}")"
  stem="$(basename "${found[0]}" .json)"
  for f in "$folder/$stem".*; do
    mv "$f" "$folder/$name${f#"$folder/$stem"}"
  done
  echo "$folder/$name.json"
}

case "${1:-}" in
  versions) (( $# >= 3 && $# <= 4 )) || { echo "usage: $0 versions BASE_DIR HEAD_DIR [auto|suite]" >&2; exit 2; }
    versions "${@:2}" ;;
  contenders) (( $# == 5 )) || { echo "usage: $0 contenders RUN_FOLDER CLIENT OLD NEW" >&2; exit 2; }
    contenders "${@:2}" ;;
  side) (( $# == 3 )) || { echo "usage: $0 side DIR NAME" >&2; exit 2; }
    side "${@:2}" ;;
  *) echo "usage: $0 versions|contenders|side ..." >&2; exit 2 ;;
esac
