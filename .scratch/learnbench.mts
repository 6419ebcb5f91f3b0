import { loadCpvCatalog } from '/work/wt/scorer/pipeline/scorer/cpv-catalog.ts';
import { learnFromNotices } from '/work/wt/scorer/pipeline/scorer/local-scorer.ts';
const catalog = loadCpvCatalog();
const entries = catalog.entries.filter(e => e.level >= 3);
let seed = 1; const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const langs = ['de','fr','it','en'] as const;
const notices = Array.from({ length: 10000 }, (_, i) => {
  const e = entries[Math.floor(rnd() * entries.length)]!; const l = langs[Math.floor(rnd()*4)]!;
  const words = Array.from({length: 60}, () => (entries[Math.floor(rnd()*entries.length)]!.labels[l] ?? '').split(' ')[0]).join(' ');
  return { language: l, titles: { [l]: e.labels[l], ...(rnd() < 0.3 ? { fr: e.labels.fr } : {}) }, description: words, cpvCodes: [e.code], organization: `org ${i % 3000}` };
});
const t = performance.now();
const r = learnFromNotices(notices);
console.log(((performance.now() - t)/1000).toFixed(1), 's', r.codeTerms.length, r.translations.length);
const t3 = performance.now();
learnFromNotices(notices);
console.log('second run (resources warm)', ((performance.now() - t3)/1000).toFixed(1), 's');
