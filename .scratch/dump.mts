import { writeFileSync } from 'node:fs';
import { createCandidateIndex } from '/work/wt/scorer/pipeline/scorer/candidate-index.ts';
import { createLocalScorer, learnFromNotices, weighEvidence } from '/work/wt/scorer/pipeline/scorer/local-scorer.ts';
import { learnedAssociationsOf } from '/work/wt/scorer/pipeline/scorer/learned-associations.ts';
import { SCORING_PARAMETERS } from '/work/wt/scorer/pipeline/scorer/scoring-parameters.ts';
import { loadEvaluationSet } from '/work/wt/scorer/pipeline/evaluation/evaluation-set.ts';
import { rewordAlerts } from '/work/wt/scorer/pipeline/evaluation/reworded-alerts.ts';
import { noticeForLearning, DEFAULT_EVAL_SET } from '/work/wt/scorer/pipeline/evaluation/run-evaluation.ts';
const reworded = process.argv[2] === 'rw';
const loaded = loadEvaluationSet(DEFAULT_EVAL_SET);
const set = reworded ? rewordAlerts(loaded) : loaded;
const scorer = createLocalScorer();
const projects = set.projects.map((p) => scorer.prepareProject({ ...p, cpvCodes: p.cpv, location: p.location ?? null, organization: p.organization ?? null }));
const index = createCandidateIndex();
for (const p of projects) index.add(p);
const learned = learnedAssociationsOf(learnFromNotices(set.projects.map(noticeForLearning)));
const rel = new Map(set.judgments.map((j) => [`${j.alert}/${j.project}`, j.relevance]));
const rows: any[] = [];
for (const alert of set.alerts) {
  const a = scorer.prepareAlert(alert.prompt, alert.language, { corpus: index.corpus, learned });
  for (const p of projects) {
    const e = weighEvidence(a, p, SCORING_PARAMETERS);
    // subject share matched
    let subj = 0, qual = 0;
    a.concepts.forEach((c, i) => { const f = e.frequencies[i]!; if (!f) return; const m = f / (f + e.norm); if (c.role === 'subject') subj += c.weight * m; else if (c.role === 'qualifier') qual += c.weight * m; });
    const anyMatch: number[] = a.concepts.map((c, i) => (c.role === 'subject' && e.frequencies[i]! > 0 ? c.weight : 0));
    rows.push({ alert: alert.id, project: String(p.id), rel: rel.get(`${alert.id}/${p.id}`) ?? 0, lexical: e.lexical, cpv: e.cpv, qual: e.qualifier, excl: e.exclusion, place: e.placeFactor, score: e.score,
      subj, qualm: qual, sw: a.subjectWeight, qw: a.qualifierWeight, nconc: a.concepts.filter(c => c.role === 'subject').length, covered: anyMatch.reduce((x, y) => x + y, 0), maxidf: Math.max(0, ...a.concepts.map(c => c.idf)), ncodes: a.codes.length, norm: e.norm });
  }
}
writeFileSync(`/tmp/scorer/pairs${reworded ? '-rw' : ''}.json`, JSON.stringify(rows));
console.log(rows.length);
