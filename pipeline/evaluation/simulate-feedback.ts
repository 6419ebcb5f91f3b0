import { learnFromFeedback, toAlertLearning } from '../feedback/learn-from-feedback.ts';
import { prepareLearnedAlert, scoreLearned, wordWeight } from '../scorer/learned-alert.ts';
import { createLocalScorer, type LocalScorer } from '../scorer/local-scorer.ts';
import { loadEvaluationSet } from './evaluation-set.ts';
import { ndcgAt, rankScores } from './metrics.ts';

export const FEEDBACK_CLICKS = 5;

export interface FeedbackAlertResult {
  alertId: string;
  language: string;
  liked: number;
  disliked: number;
  /** Relevant projects left once the clicked ones are set aside. */
  remainingRelevant: number;
  /** nDCG@10 over the projects not fed back, ranked before and after learning. */
  before: number;
  after: number;
  learned: { more: string[]; less: string[] };
}

export interface FeedbackReport {
  setPath: string;
  clicks: number;
  perAlert: FeedbackAlertResult[];
  /** Means over the alerts with a relevant project left after the clicks. */
  alerts: number;
  before: number;
  after: number;
}

/**
 * Simulated feedback: the labels of the first ranking's top `clicks` are fed back as 👍 (judged relevant)
 * or 👎 (not), the alert learns, and both rankings are measured on the remaining projects only, so the
 * clicked projects, now known, do not count.
 */
export function runFeedbackEvaluation(options: { setPath: string; scorer?: LocalScorer; clicks?: number }): FeedbackReport {
  const set = loadEvaluationSet(options.setPath);
  const scorer = options.scorer ?? createLocalScorer();
  const clicks = options.clicks ?? FEEDBACK_CLICKS;
  const texts = new Map(set.projects.map((project) => [project.id, { title: project.title, description: project.description, cpvCodes: project.cpv }]));
  const projects = set.projects.map((project) =>
    scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
  );
  const relevanceOf = new Map<string, Map<string, number>>();
  for (const judgment of set.judgments) {
    const map = relevanceOf.get(judgment.alert) ?? new Map<string, number>();
    map.set(judgment.project, judgment.relevance);
    relevanceOf.set(judgment.alert, map);
  }
  const perAlert: FeedbackAlertResult[] = [];
  for (const alert of set.alerts) {
    const relevances = relevanceOf.get(alert.id) ?? new Map<string, number>();
    const prepared = prepareLearnedAlert(scorer, alert.prompt, alert.language);
    const first = rankScores(projects.map((project) => ({ projectId: String(project.id), score: scoreLearned(scorer, prepared, project) })));
    const clicked = first.slice(0, clicks).map((entry) => entry.projectId);
    const liked = clicked.filter((id) => (relevances.get(id) ?? 0) >= 1);
    const disliked = clicked.filter((id) => (relevances.get(id) ?? 0) < 1);
    const items = learnFromFeedback({
      prompt: alert.prompt,
      liked: liked.map((id) => texts.get(id)!),
      disliked: disliked.map((id) => texts.get(id)!),
      rarity: (word) => wordWeight(scorer, word, alert.language),
    });
    const learned = prepareLearnedAlert(scorer, alert.prompt, alert.language, toAlertLearning(items));
    const residual = new Set(clicked);
    const remaining = projects.filter((project) => !residual.has(String(project.id)));
    const judged = [...relevances].filter(([id]) => !residual.has(id)).map(([, relevance]) => relevance);
    const ndcg = (ranking: ReadonlyArray<{ projectId: string }>) =>
      ndcgAt(
        10,
        ranking.filter((entry) => !residual.has(entry.projectId)).map((entry) => relevances.get(entry.projectId) ?? 0),
        judged,
      );
    const second = rankScores(remaining.map((project) => ({ projectId: String(project.id), score: scoreLearned(scorer, learned, project) })));
    perAlert.push({
      alertId: alert.id,
      language: alert.language,
      liked: liked.length,
      disliked: disliked.length,
      remainingRelevant: judged.filter((relevance) => relevance >= 1).length,
      before: ndcg(first),
      after: ndcg(second),
      learned: {
        more: items.filter((item) => item.polarity === 'more').map((item) => item.value),
        less: items.filter((item) => item.polarity === 'less').map((item) => item.value),
      },
    });
  }
  const counted = perAlert.filter((entry) => entry.remainingRelevant > 0);
  const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  return {
    setPath: options.setPath,
    clicks,
    perAlert,
    alerts: counted.length,
    before: mean(counted.map((entry) => entry.before)),
    after: mean(counted.map((entry) => entry.after)),
  };
}

export function formatFeedbackReport(report: FeedbackReport): string {
  const f = (value: number) => value.toFixed(3);
  const lines = [
    `simulated feedback on ${report.setPath}: top ${report.clicks} of the first ranking fed back, nDCG@10 on the remaining projects`,
    'alert  lang  👍 👎  before  after',
  ];
  for (const entry of report.perAlert) {
    lines.push(`${entry.alertId.padEnd(6)} ${entry.language.padEnd(4)}  ${entry.liked}  ${entry.disliked}   ${f(entry.before)}   ${f(entry.after)}`);
  }
  lines.push(
    `mean over ${report.alerts} alerts: before ${f(report.before)} · after ${f(report.after)} · change ${report.after - report.before >= 0 ? '+' : ''}${f(report.after - report.before)}`,
  );
  return lines.join('\n');
}
