import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES: Record<string, string> = {
  normalize: 'normalize 20,000 synthetic publications',
  'score-pure': 'pure scoring: 50,000 projects × 1,000 alerts',
  score: 'tenders score on Postgres with writes',
  'score-cv': '5-fold cross-validation of the scorer parameters on the dev set',
  'feedback-cv': '5-fold cross-validation of the feedback learning weights on the dev set',
  'pseudo-feedback-cv': '5-fold cross-validation of pseudo-relevance feedback on the dev set',
  api: 'API under a fixed 500 req/s',
  'web-bundle': 'landing page initial JS (gzip) of the built SPA',
  freshness: 'publication → e-mail with tenders run --every 30s, and the cost of an empty round',
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}: choose among ${Object.keys(BENCHES).join(', ')}`);
  process.exit(1);
}

let failed = 0;
// Each benchmark in a process of its own, so that every peak-RSS figure is its own.
for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHES)) {
  console.log(`\n=== ${name}: ${BENCHES[name]} ===`);
  const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
