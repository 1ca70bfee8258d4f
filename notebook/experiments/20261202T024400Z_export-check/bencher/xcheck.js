// xcheck.js EXPORT_DIR_A EXPORT_DIR_B: every value of each folder's .bencher.json equals its github-action-benchmark
// files' (in ns or ops/s); run where triples-a.tsv (NAME, SLUG, UNITS of the measures script) is.
const fs=require('fs');const F={'ns/op':1,'us/op':1e3,'ms/op':1e6};
const dirs=process.argv.slice(2); if (dirs.length!==2) { console.error('usage: node xcheck.js EXPORT_DIR_A EXPORT_DIR_B'); process.exit(2); }
const T=Object.fromEntries(fs.readFileSync('triples-a.tsv','utf8').trim().split('\n').map(l=>l.split('\t').slice(0,2)));
for (const [c,dir] of [['a',dirs[0]],['b',dirs[1]]]) { const d=dir.replace(/\/?$/,'/'); const fl=fs.readdirSync(d);
 const bmf=JSON.parse(fs.readFileSync(d+fl.find(f=>f.endsWith('.bencher.json'))));
 const sm=JSON.parse(fs.readFileSync(d+fl.find(f=>f.endsWith('.smaller-is-better.json')))), bg=JSON.parse(fs.readFileSync(d+fl.find(f=>f.endsWith('.bigger-is-better.json'))));
 let n=0,bad=[];
 for (const r of sm.concat(bg)) { let bench=r.name, meas;
   if (F[r.unit]) meas='latency'; else if (r.unit==='ops/s') meas='throughput'; else { const i=r.name.lastIndexOf(' '); bench=r.name.slice(0,i); meas=T[r.name.slice(i+1)]; }
   const m=bmf[bench]&&bmf[bench][meas]; const exp=r.value*(F[r.unit]||1); n++;
   if(!m||Math.abs(m.value-exp)>1e-9*Math.abs(exp)) bad.push([r.name,r.unit,meas,m&&m.value,exp]); }
 console.log(c, 'gab results', n, 'matched in BMF', n-bad.length, bad.slice(0,3)); }
