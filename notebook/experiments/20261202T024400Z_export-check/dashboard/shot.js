const puppeteer=require('puppeteer-core');
(async()=>{
  const browser=await puppeteer.launch({executablePath:'/usr/bin/chromium',headless:true,args:['--no-sandbox','--disable-gpu']});
  for (const [dir,out] of [['cdn','/work/exp/tools/dashboard-cdn.png'],['local','/work/exp/tools/dashboard.png']]) {
    const page=await browser.newPage(); await page.setViewport({width:1280,height:800});
    const msgs=[];
    page.on('console',m=>msgs.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror',e=>msgs.push(`pageerror: ${e.message}`));
    page.on('requestfailed',r=>msgs.push(`requestfailed: ${r.url()} ${r.failure()&&r.failure().errorText}`));
    await page.goto('file:///work/exp/tools/dash/'+dir+'/index.html',{waitUntil:'load',timeout:60000});
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
