// jvshot.js SITE_DIR OUT.png: JMH Visualizer's own bundle with a provided.js, in headless Chromium (CHROMIUM, or
// chromium on PATH)
const puppeteer=require('puppeteer-core'); const path=require('path'); const { execSync }=require('child_process');
const chromium=process.env.CHROMIUM || execSync('command -v chromium || command -v chromium-browser').toString().trim();
(async()=>{
  const [site,out]=process.argv.slice(2).map(p=>p && path.resolve(p));
  const browser=await puppeteer.launch({executablePath:chromium,headless:true,args:['--no-sandbox','--disable-gpu']});
  const page=await browser.newPage(); await page.setViewport({width:1280,height:900});
  const msgs=[]; page.on('console',m=>msgs.push(`console.${m.type()}: ${m.text()}`)); page.on('pageerror',e=>msgs.push(`pageerror: ${e.message}`));
  await page.goto('file://'+site+'/index.html',{waitUntil:'load',timeout:60000});
  await new Promise(r=>setTimeout(r,4000));
  const info=await page.evaluate(()=>({bars:document.querySelectorAll('.recharts-bar-rectangle').length, charts:document.querySelectorAll('.recharts-wrapper').length,
     text:document.body.innerText.slice(0,300)}));
  await page.screenshot({path:out,fullPage:false});
  console.log(JSON.stringify(info),'\nmessages:',msgs.join('\n')||'none');
  await browser.close();
})();
