// Drives the REAL built code of github-action-benchmark (same sequence as its src/index.ts main()).
// GAB: the action's checkout, built (npm ci --ignore-scripts && npm run build).
const path = require('path');
if (!process.env.GAB) { console.error('GAB: github-action-benchmark\'s built checkout'); process.exit(2); }
const D = path.resolve(process.env.GAB, 'dist/src');
const core = require(path.resolve(process.env.GAB, 'node_modules/@actions/core'));
const { configFromJobInput } = require(D + '/config.js');
const { extractResult } = require(D + '/extract.js');
const { writeBenchmark } = require(D + '/write.js');
(async () => {
  const config = await configFromJobInput();
  console.log('CONFIG', JSON.stringify({ ...config, githubToken: config.githubToken ? '<dummy set>' : undefined }));
  const bench = await extractResult(config);
  console.log(`EXTRACT OK: ${bench.benches.length} results, tool=${bench.tool}, commit=${bench.commit.id}`);
  await writeBenchmark(bench, config);
  console.log('WRITE+ALERT CHECK OK (no failure)');
})().catch((e) => { console.log('STEP FAILED (core.setFailed):'); core.setFailed(e.message); });
