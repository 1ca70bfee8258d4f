#!/usr/bin/env bash
# Do two simultaneous forks on the two cores see the same machine noise? Iteration series correlation.
# Usage: duet.sh KUBECONFIG BENCHMARK TAG. JAR: the suite's benchmarks.jar (default: the checkout's
# target/benchmarks.jar); OUT: where duet-TAG-{0,1}.json and .log go (default: this folder).
KC="$1"; B="$2"; TAG="$3"; shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JAR=${JAR:-$here/../../../target/benchmarks.jar}
OUT=${OUT:-$here}
J="-Xms2g -Xmx2g -XX:+UseParallelGC -XX:+AlwaysPreTouch -Dinformerbench.kubeconfig=$KC -Dinformerbench.runId=duet$TAG"
for c in 0 1; do
  taskset -c $c java -Djmh.ignoreLock=true -jar "$JAR" "$B" -p objects=1000 -p client=CLIENT_JAVA -p percent=100 -f 1 -wi 3 -w 1s -i ${ITER:-30} -r 1s \
    -jvmArgsAppend "$J" -rf json -rff "$OUT/duet-$TAG-$c.json" > "$OUT/duet-$TAG-$c.log" 2>&1 &
done
wait
python3 - "$OUT" "$TAG" <<'PY'
import json,sys,statistics as st
o,t=sys.argv[1],sys.argv[2]
a=json.load(open(f'{o}/duet-{t}-0.json'))[0]['primaryMetric']['rawData'][0]
b=json.load(open(f'{o}/duet-{t}-1.json'))[0]['primaryMetric']['rawData'][0]
n=min(len(a),len(b)); a=a[:n]; b=b[:n]
ma,mb=st.mean(a),st.mean(b)
cov=sum((x-ma)*(y-mb) for x,y in zip(a,b))/(n-1)
r=cov/(st.stdev(a)*st.stdev(b))
import math
d=[math.log(x/y) for x,y in zip(a,b)]
print(f"{t}: n={n} cvA={st.stdev(a)/ma*100:.1f}% cvB={st.stdev(b)/mb*100:.1f}% corr={r:.2f} sd(log ratio)={st.stdev(d)*100:.1f}%")
PY
