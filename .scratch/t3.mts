import { createLocalScorer } from '/work/wt/scorer/pipeline/scorer/local-scorer.ts';
const s = createLocalScorer();
const a = s.prepareAlert(process.argv[2]!, process.argv[3] as any);
console.log(a.concepts.map(c => `${c.surface}:${c.role}:${c.weight.toFixed(2)}`).join(' '), a.codes.slice(0,5));
