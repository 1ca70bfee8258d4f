// Drives the REAL built code of github-action-benchmark (same sequence as its src/index.ts main()).
const path = require('path');
const D = '/work/exp/tools/gab/dist/src';
const core = require('/work/exp/tools/gab/node_modules/@actions/core');
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
