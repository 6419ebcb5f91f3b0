import { loadEvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../pipeline/evaluation/run-evaluation.ts';
import { getSharedLocalScorer } from '../pipeline/score/shared-local-scorer.ts';
import { prepareFeedbackSimulation, DEFAULT_FEEDBACK_SETTINGS } from '../pipeline/evaluation/simulate-feedback.ts';
import { learnFromFeedback, toAlertLearning } from '../pipeline/feedback/learn-from-feedback.ts';
import { prepareLearnedAlert, scoreLearned, similarityTo, wordWeight, promptWordPresence, codeSpecificity, wordDocumentFrequency } from '../pipeline/scorer/learned-alert.ts';
const set = loadEvaluationSet(process.env.EVAL_SET ?? DEFAULT_EVAL_SET);
const scorer = getSharedLocalScorer();
const sim = prepareFeedbackSimulation(set, scorer);
const titles = new Map(set.projects.map((p) => [p.id, p.title]));
for (const id of process.argv.slice(2)) {
  const alert = sim.alerts.find((a) => a.id === id)!;
  const { corpus, associations } = sim;
  const items = learnFromFeedback({ prompt: alert.prompt, liked: alert.liked, disliked: alert.disliked,
    rarity: (w) => wordWeight(scorer, w, alert.language, corpus), promptPresence: (t) => promptWordPresence(alert.prepared, sim.preparedOf.get(t)!),
    promptCodes: alert.prepared.codes.map((c) => c.code), codeSpecificity: (c) => codeSpecificity(c, corpus), documentFrequency: (w) => wordDocumentFrequency(scorer, w, corpus) }, DEFAULT_FEEDBACK_SETTINGS.learning);
  const fedBack = { liked: alert.liked.map((t) => sim.preparedOf.get(t)!), disliked: alert.disliked.map((t) => sim.preparedOf.get(t)!) };
  const learned = prepareLearnedAlert(scorer, alert.prompt, alert.language, toAlertLearning(items, fedBack), corpus, associations);
  console.log(`\n=== ${id} ${alert.language} "${alert.prompt}"`);
  console.log('items', items.map((i) => `${i.polarity}:${i.kind}:${i.value}:${i.weight.toFixed(2)}`).join(' '));
  console.log('clicked', [...alert.clicked].map((p) => `${p}(${alert.relevances.get(p) ?? 0}) ${titles.get(p)?.slice(0, 50)}`).join('\n   '));
  const rows = sim.projects.filter((p) => !alert.clicked.has(String(p.id))).map((p) => {
    const own = scorer.quickScore(alert.prepared, p);
    const after = scoreLearned(scorer, learned, p);
    const s = learned.similarity;
    const lk = s?.liked ? similarityTo(s.liked, p, s.idf) : 0;
    const dl = s?.disliked ? similarityTo(s.disliked, p, s.idf) : 0;
    return { id: String(p.id), rel: alert.relevances.get(String(p.id)) ?? 0, own, after, lk, dl };
  });
  const show = (r: typeof rows[0]) => `${r.id.padEnd(6)} rel${r.rel} own ${String(r.own).padStart(3)} after ${String(r.after).padStart(3)} like ${r.lk.toFixed(2)} unlike ${r.dl.toFixed(2)} ${titles.get(r.id)?.slice(0, 60)}`;
  console.log('-- before top 10'); rows.slice().sort((a, b) => b.own - a.own).slice(0, 10).forEach((r) => console.log(show(r)));
  console.log('-- after top 10'); rows.slice().sort((a, b) => b.after - a.after).slice(0, 10).forEach((r) => console.log(show(r)));
  console.log('-- relevant'); rows.filter((r) => r.rel > 0).forEach((r) => console.log(show(r)));
}
