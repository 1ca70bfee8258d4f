import json,statistics as st,sys
for f in sys.argv[1:]:
  for b in json.load(open(f)):
    raw=b['primaryMetric']['rawData']; g=st.mean(st.mean(x) for x in raw)
    w=st.mean(st.variance([v/g for v in x]) for x in raw); k=len(raw[0])
    bm=st.variance([st.mean(x)/g for x in raw])
    print('%-22s %s mean %.1f iters=%d  within-iter sd %.1f%%  fork-mean sd %.1f%%  fork-level sd %.1f%%'%(b['benchmark'].split('.')[-1],b.get('params'),g,k,100*w**.5,100*bm**.5,100*max(0,bm-w/k)**.5))
    print('   ', ' | '.join(' '.join('%.1f'%v for v in x) for x in raw))
