// build.js GAB DATA_DIR: the action's own dashboard page (cdn/ and local/ in the current folder) of the two data
// files orchestrate.js wrote into DATA_DIR; GAB: github-action-benchmark's built checkout.
const fs=require('fs'); const path=require('path');
const [GAB, DATA]=process.argv.slice(2);
if (!GAB || !DATA) { console.error('usage: node build.js GAB_CHECKOUT DATA_DIR'); process.exit(2); }
const { DEFAULT_INDEX_HTML } = require(path.resolve(GAB, 'dist/src/default_index_html.js'));
const { SCRIPT_PREFIX } = require(path.resolve(GAB, 'dist/src/write.js'));
const files=['data-smaller-is-better.json','data-bigger-is-better.json'].map(f=>JSON.parse(fs.readFileSync(path.join(DATA, f))));
const data={ lastUpdate: Math.max(...files.map(d=>d.lastUpdate)), repoUrl: files[0].repoUrl, entries: Object.assign({}, ...files.map(d=>d.entries)) };
const js = SCRIPT_PREFIX + JSON.stringify(data, null, 2); // same format as the action's storeDataJs()
const CDN='https://cdn.jsdelivr.net/npm/chart.js@2.9.2/dist/Chart.min.js';
if(!DEFAULT_INDEX_HTML.includes(`<script src="${CDN}"></script>`)) throw new Error('template changed');
for (const d of ['cdn','local']) fs.mkdirSync(d,{recursive:true});
fs.writeFileSync('cdn/index.html', DEFAULT_INDEX_HTML); fs.writeFileSync('cdn/data.js', js);
fs.writeFileSync('local/index.html', DEFAULT_INDEX_HTML.replace(CDN,'./Chart.min.js')); fs.writeFileSync('local/data.js', js);
fs.copyFileSync('node_modules/chart.js/dist/Chart.min.js','local/Chart.min.js');
console.log('suites', Object.keys(data.entries));
