#!/bin/bash
# show.sh OUT.png NAME=FILE.json [NAME=FILE.json ...]: JMH Visualizer's own release bundle (docs/ of
# jzillmann/jmh-visualizer) with its "provided" entry point (provided.js, as its Gradle and Jenkins
# plugins use), rendered by headless Chromium. JV: a checkout of jzillmann/jmh-visualizer (its built docs/).
set -euo pipefail
JV=${JV:?a checkout of jzillmann/jmh-visualizer, whose docs/ holds the built bundle}
out=$1; shift
site=$(mktemp -d)
cp -r "$JV/docs/." "$site/"
{
  names=(); for a in "$@"; do names+=("'${a%%=*}'"); done
  echo "var providedBenchmarks = [$(IFS=,; echo "${names[*]}")];"
  echo "var providedBenchmarkStore = {"
  for a in "$@"; do echo "'${a%%=*}': $(cat "${a#*=}"),"; done
  echo "};"
} > "$site/provided.js"
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,${HEIGHT:-3000} \
  --virtual-time-budget=15000 --screenshot="$out" "file://$site/index.html" 2>/dev/null
echo "$site"
