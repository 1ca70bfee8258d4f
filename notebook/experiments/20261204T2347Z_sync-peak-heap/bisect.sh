#!/bin/bash
# The smallest heap (MiB) with which CLIENT's informer syncs N Pods (CacheMemory, full objects), by bisection:
# each try is a run of one fork with -Xms = -Xmx and -XX:+ExitOnOutOfMemoryError, so a heap too small ends the
# fork at once. LO_MIB is assumed to fail and HI_MIB to sync; neither is tried.
# usage: bisect.sh CLIENT N LO_MIB HI_MIB STEP_MIB OUT (OUT: an absolute path; lines are appended)
client=$1 n=$2 lo=$3 hi=$4 step=$5 out=$6
cd "$(dirname "$0")/../../.." || exit 1
try() {
  local mib=$1 dir start rc ok=no
  dir=$(mktemp -d "${TMPDIR:-/tmp}/sync-peak-XXXX")
  start=$(date +%s)
  ./run-bench.sh --profile memory --clients "$client" --results "$dir" -- CacheMemory -p kind=POD -p objects="$n" \
    -p remedy=FULL -f 1 -wi 0 -i 1 -jvmArgsAppend "-Xms${mib}m -Xmx${mib}m -XX:+ExitOnOutOfMemoryError" \
    > "$dir/log.txt" 2>&1
  rc=$?
  # a refused count (exit 2) ran nothing: it says nothing of the sync
  [ $rc = 2 ] && ok=refused
  grep -q "heap.retainedMiB:" "$dir/log.txt" && [ $rc = 0 ] && ok=yes
  echo "$client $n ${mib}MiB rc=$rc synced=$ok $(( $(date +%s) - start ))s $dir" | tee -a "$out"
  [ $ok = yes ]
}
while [ $(( hi - lo )) -gt "$step" ]; do
  mid=$(( (lo + hi) / 2 ))
  if try $mid; then hi=$mid; else lo=$mid; fi
done
echo "RESULT $client $n smallest heap that synced: ${hi}MiB, largest that did not (or was assumed not to): ${lo}MiB" \
  | tee -a "$out"
