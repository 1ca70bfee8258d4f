// GAB: github-action-benchmark's built checkout; the exports of commit A and B in COMMITS (JSON, as below) or in
// A_DIR and B_DIR (the runs of 2026-12-02); events, data files and logs go under the current folder.
const { spawnSync } = require('child_process');
const fs = require('fs'); const path = require('path');
const R = __dirname; // driver.js and nonet.js, beside this file
const WORK = process.cwd();
if (!process.env.GAB) { console.error('GAB: github-action-benchmark\'s built checkout'); process.exit(2); }
const GAB = path.resolve(process.env.GAB);
const commits = JSON.parse(process.env.COMMITS || 'null') || {
  A: { dir: process.env.A_DIR, stamp: '20261201T235140Z', ts: '2026-12-01T23:51:40Z', sha: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1' },
  B: { dir: process.env.B_DIR, stamp: '20261202T001543Z', ts: '2026-12-02T00:15:43Z', sha: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2' },
};
if (!commits.A.dir || !commits.B.dir) { console.error('give COMMITS, or A_DIR and B_DIR: the exports of A and B'); process.exit(2); }
// TOOLS (JSON) adds steps, e.g. the ungated files of an export with --aa, charted with fail-on-alert false.
const tools = JSON.parse(process.env.TOOLS || 'null') || [
  { tool: 'customSmallerIsBetter', suffix: 'smaller-is-better', name: 'informer-bench (smaller is better)' },
  { tool: 'customBiggerIsBetter', suffix: 'bigger-is-better', name: 'informer-bench (bigger is better)' },
];
const entry = process.argv[2] || 'driver'; // 'driver' or 'index' (action's own dist/src/index.js)
const script = entry === 'index' ? path.join(GAB, 'dist/src/index.js') : path.join(R, 'driver.js');
const outDir = path.join(WORK, process.env.OUT || entry); fs.mkdirSync(outDir, { recursive: true });
for (const t of tools) {
  const dataFile = path.join(outDir, `data-${t.suffix}.json`);
  if (fs.existsSync(dataFile)) fs.unlinkSync(dataFile);
  for (const [k, c] of Object.entries(commits)) {
    const ev = { ref: 'refs/heads/main', after: c.sha,
      repository: { name: 'informer-bench', full_name: 'example/informer-bench', html_url: 'https://github.com/example/informer-bench', private: false, owner: { login: 'example' } },
      head_commit: { id: c.sha, message: `bench run ${k} (${c.stamp})`, timestamp: c.ts, url: `https://github.com/example/informer-bench/commit/${c.sha}`,
        author: { name: 'Bench Bot', email: 'bench@example.com', username: 'bench-bot' }, committer: { name: 'Bench Bot', email: 'bench@example.com', username: 'bench-bot' } } };
    const evPath = path.join(WORK, `event-${k}.json`); fs.writeFileSync(evPath, JSON.stringify(ev, null, 2));
    const out = fs.readdirSync(c.dir).find((f) => f.startsWith(c.stamp) && f.endsWith(`.${t.suffix}.json`)
      && (t.suffix.startsWith('ungated.') || !f.includes('.ungated.')));
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, GAB,
      GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: evPath, GITHUB_SHA: c.sha, GITHUB_REF: 'refs/heads/main',
      GITHUB_REPOSITORY: 'example/informer-bench', GITHUB_WORKFLOW: 'bench', GITHUB_SERVER_URL: 'https://github.com', GITHUB_API_URL: 'https://api.github.com',
      NONET_LOG: path.join(WORK, 'network-attempts.log'),
      // inputs as the runner sets them (action.yml defaults + our with:)
      'INPUT_NAME': t.name, 'INPUT_TOOL': t.tool, 'INPUT_OUTPUT-FILE-PATH': path.join(c.dir, out),
      'INPUT_GH-PAGES-BRANCH': 'gh-pages', 'INPUT_BENCHMARK-DATA-DIR-PATH': 'dev/bench', 'INPUT_GITHUB-TOKEN': 'dummy-token-not-used',
      'INPUT_AUTO-PUSH': 'false', 'INPUT_SKIP-FETCH-GH-PAGES': 'false', 'INPUT_COMMENT-ALWAYS': 'false', 'INPUT_SUMMARY-ALWAYS': 'false',
      'INPUT_SAVE-DATA-FILE': 'true', 'INPUT_COMMENT-ON-ALERT': 'false', 'INPUT_ALERT-THRESHOLD': '150%', 'INPUT_FAIL-ON-ALERT': t.failOnAlert === false ? 'false' : 'true',
      'INPUT_EXTERNAL-DATA-JSON-PATH': dataFile, 'INPUT_GO-FORCE-PACKAGE-SUFFIX': 'false' };
    const r = spawnSync('node', ['-r', path.join(R, 'nonet.js'), script], { env, cwd: outDir, encoding: 'utf8' });
    const log = path.join(outDir, `log-${t.suffix}-${k}.txt`);
    fs.writeFileSync(log, r.stdout + (r.stderr ? '\n--stderr--\n' + r.stderr : ''));
    console.log(`== ${entry} ${t.tool} commit ${k} (${out}) exit=${r.status} log=${log}`);
  }
}
