import { loadEvaluationSet } from '../pipeline/evaluation/evaluation-set.ts';
import { DEFAULT_EVAL_SET } from '../pipeline/evaluation/run-evaluation.ts';
import { getSharedLocalScorer } from '../pipeline/score/shared-local-scorer.ts';
import { prepareFeedbackSimulation, simulateAlert, counts, DEFAULT_FEEDBACK_SETTINGS } from '../pipeline/evaluation/simulate-feedback.ts';
const set = loadEvaluationSet(process.env.EVAL_SET ?? DEFAULT_EVAL_SET);
const sim = prepareFeedbackSimulation(set, getSharedLocalScorer());
const variants: Array<[Record<string, number>, Record<string, number>]> = JSON.parse(process.argv[2]!);
for (const [w, l] of variants) {
  const settings = { learning: { ...DEFAULT_FEEDBACK_SETTINGS.learning, ...l }, weights: { ...DEFAULT_FEEDBACK_SETTINGS.weights, ...w } };
  const r = sim.alerts.map((a) => simulateAlert(sim, a, settings)).filter(counts);
  const g = r.map((x) => x.after - x.before);
  const m = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(JSON.stringify([w, l]), `before ${m(r.map((x) => x.before)).toFixed(3)} after ${m(r.map((x) => x.after)).toFixed(3)} gain ${m(g) >= 0 ? '+' : ''}${m(g).toFixed(3)} better ${g.filter((x) => x > 5e-4).length} worse ${g.filter((x) => x < -5e-4).length}`,
    process.env.PER ? r.map((x) => `${x.alertId}:${(x.after - x.before).toFixed(2)}`).join(' ') : '');
}
