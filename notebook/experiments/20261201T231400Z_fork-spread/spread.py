import json,sys,statistics as st,math
for f in sys.argv[1:]:
  for r in json.load(open(f)):
    raw=r['primaryMetric']['rawData']; name=r['benchmark'].split('.')[-1]
    p=r.get('params',{}); tag=name+' '+','.join(f'{k}={v}' for k,v in p.items() if k not in('client','objects'))
    means=[st.mean(x) for x in raw]; m=st.mean(means)
    sd=st.stdev(means)/m*100
    d=[means[i+1]-means[i] for i in range(len(means)-1)]
    sdl=st.pstdev(d)/math.sqrt(2)/m*100 if len(d)>1 else float('nan')
    it=st.mean([st.stdev(x)/st.mean(x)*100 for x in raw if len(x)>1]) if all(len(x)>1 for x in raw) else float('nan')
    print(f"{f.split('/')[-1]:14s} {tag:34s} n={len(means):2d} mean={m:10.3f} forkSD={sd:5.1f}% lag1SD={sdl:5.1f}% iterSD={it:4.1f}%  ", ' '.join(f'{x/m*100-100:+.0f}' for x in means))
