const fs=require('fs');
const dir=process.env.OUT||'driver';
// every data file the steps wrote: data-<suffix>.json, bigger is better where the suffix says so
for (const [f,bigger] of fs.readdirSync(dir).filter(f=>/^data-.*\.json$/.test(f)).sort().map(f=>[dir+'/'+f,f.includes('bigger')])) {
  const d=JSON.parse(fs.readFileSync(f)); 
  for (const [name, suites] of Object.entries(d.entries)) {
    const [A,B]=suites; const names=new Set([...A.benches,...B.benches].map(b=>b.name));
    const onlyA=A.benches.filter(b=>!B.benches.find(x=>x.name===b.name)).map(b=>b.name);
    const onlyB=B.benches.filter(b=>!A.benches.find(x=>x.name===b.name)).map(b=>b.name);
    console.log(`\n# ${name}: suites=${suites.length} A=${A.benches.length} B=${B.benches.length} distinct names=${names.size} onlyA=${JSON.stringify(onlyA)} onlyB=${JSON.stringify(onlyB)}`);
    let zero=[], rat=[];
    for (const n of names) { const a=A.benches.find(b=>b.name===n), b=B.benches.find(x=>x.name===n);
      if (a&&b&&a.value===0&&b.value===0) zero.push(n);
      if (a&&b) { const r=(a.value===0&&b.value===0)?1:(bigger? a.value/b.value : b.value/a.value); rat.push([r,n,a.value,b.value,a.unit,b.unit]); } }
    rat.sort((x,y)=>y[0]-x[0]);
    console.log(`flat zero in both: ${zero.length}`, zero);
    // what the action would flag at THRESHOLD (1.5 by default) even where a step neither comments nor fails
    const t=Number(process.env.THRESHOLD||1.5); const over=rat.filter(r=>r[0]>t);
    console.log(`worse than ${t}x: ${over.length}`, over.map(r=>r[1]+' '+r[0].toFixed(2)));
    console.log('top-5 worse ratios (B vs A):'); rat.slice(0,5).forEach(r=>console.log('  ',r[0].toFixed(3),r[1],r[2],'->',r[3],r[4]));
    const unitChg=rat.filter(r=>r[4]!==r[5]); if(unitChg.length) console.log('unit changes', unitChg);
    console.log('api.*/ops.* names:'); rat.filter(r=>/(^|[.\s])(api|ops)\./.test(r[1])).forEach(r=>{const a=A.benches.find(b=>b.name===r[1]);console.log('  ',r[1],r[2],'->',r[3],r[4],JSON.stringify(a.extra))});
  }
}
