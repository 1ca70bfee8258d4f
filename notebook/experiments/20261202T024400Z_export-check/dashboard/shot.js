// shot.js DASH_DIR OUT_DIR: opens DASH_DIR/cdn and DASH_DIR/local (build.js's pages) in headless Chromium (CHROMIUM, or
// chromium on PATH), screenshots into OUT_DIR.
const puppeteer=require('puppeteer-core'); const path=require('path'); const { execSync }=require('child_process');
const [DASH, OUT]=process.argv.slice(2).map(p=>p && path.resolve(p));
if (!DASH || !OUT) { console.error('usage: node shot.js DASH_DIR OUT_DIR'); process.exit(2); }
const chromium=process.env.CHROMIUM || execSync('command -v chromium || command -v chromium-browser').toString().trim();
(async()=>{
  const browser=await puppeteer.launch({executablePath:chromium,headless:true,args:['--no-sandbox','--disable-gpu']});
  for (const [dir,out] of [['cdn',path.join(OUT,'dashboard-cdn.png')],['local',path.join(OUT,'dashboard.png')]]) {
    const page=await browser.newPage(); await page.setViewport({width:1280,height:800});
    const msgs=[];
    page.on('console',m=>msgs.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror',e=>msgs.push(`pageerror: ${e.message}`));
    page.on('requestfailed',r=>msgs.push(`requestfailed: ${r.url()} ${r.failure()&&r.failure().errorText}`));
    await page.goto('file://'+path.join(DASH,dir,'index.html'),{waitUntil:'load',timeout:60000});
    await new Promise(r=>setTimeout(r,1500));
    const info=await page.evaluate(()=>({height:document.documentElement.scrollHeight, bodyH:document.body.scrollHeight, canvases:document.querySelectorAll('canvas').length,
      charts: (window.Chart&&window.Chart.instances)?Object.keys(window.Chart.instances).length:null, titles:[...document.querySelectorAll('h1.benchmark-title')].map(h=>h.textContent+' ('+h.nextSibling.querySelectorAll('canvas').length+')'),
      chartVersion: window.Chart&&window.Chart.version}));
    await page.screenshot({path:out,fullPage:true});
    console.log(dir, JSON.stringify(info), '\n  messages:', msgs.length? msgs.join('\n  '):'none', '\n  screenshot:', out);
    await page.close();
  }
  await browser.close();
})();
