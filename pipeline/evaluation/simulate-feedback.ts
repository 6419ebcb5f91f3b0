import { FEEDBACK_LEARNING, learnFromFeedback, toAlertLearning, type FeedbackLearning, type FeedbackText } from '../feedback/learn-from-feedback.ts';
import type { Language } from '../../domain/languages.ts';
import { createCandidateIndex, type CandidateIndex } from '../scorer/candidate-index.ts';
import { prepareAlertWithPseudoFeedback } from '../scorer/pseudo-feedback.ts';
import { languageTools } from '../scorer/text-analysis.ts';
import type { CorpusStatistics } from '../scorer/corpus-statistics.ts';
import {
  LEARNING_WEIGHTS,
  carriesPromptWord,
  codeSpecificity,
  prepareLearnedAlert,
  promptWordPresence,
  scoreLearned,
  wordDocumentFrequency,
  wordWeight,
  type LearningWeights,
} from '../scorer/learned-alert.ts';
import { learnedAssociationsOf, type LearnedAssociations } from '../scorer/learned-associations.ts';
import { createLocalScorer, learnFromNotices, type LocalScorer, type PreparedAlert, type PreparedProject } from '../scorer/local-scorer.ts';
import { loadEvaluationSet, type EvaluationSet } from './evaluation-set.ts';
import { ndcgAt, rankScores } from './metrics.ts';
import { noticeForLearning } from './run-evaluation.ts';

export const FEEDBACK_CLICKS = 5;

/** The constants of learning, on both sides: what is learned from feedback and how the scorer weighs it. */
export interface FeedbackSettings {
  learning: FeedbackLearning;
  weights: LearningWeights;
}

export const DEFAULT_FEEDBACK_SETTINGS: FeedbackSettings = { learning: FEEDBACK_LEARNING, weights: LEARNING_WEIGHTS };

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

interface SimulatedAlert {
  id: string;
  prompt: string;
  language: Language;
  /** The alert before learning. */
  prepared: PreparedAlert;
  relevances: Map<string, number>;
  clicked: Set<string>;
  liked: FeedbackText[];
  disliked: FeedbackText[];
  /** Judged relevances of the projects not clicked: the ideal ranking's material. */
  judged: number[];
  before: number;
}

/** What does not depend on the learning constants: the prepared notices, their statistics, each alert's first ranking and clicks. */
export interface FeedbackSimulation {
  scorer: LocalScorer;
  projects: PreparedProject[];
  /** The notices indexed, as the score stage indexes the projects table (pseudo-feedback looks for the best in it). */
  index: CandidateIndex;
  corpus: CorpusStatistics;
  /** Learned from the set's notices, as the score stage learns from the projects table. */
  associations: LearnedAssociations;
  /** The prepared notice behind each fed-back text. */
  preparedOf: Map<FeedbackText, PreparedProject>;
  clicks: number;
  alerts: SimulatedAlert[];
}

/**
 * How a "partly relevant" (relevance 1) project is fed back: as a 👍 (the default: the subscriber wants to
 * see it), or not at all (a subscriber who only clicks on clear matches and leaves the others alone).
 */
export type PartialFeedback = 'liked' | 'skipped';

export function prepareFeedbackSimulation(
  set: EvaluationSet,
  scorer: LocalScorer,
  clicks = FEEDBACK_CLICKS,
  partial: PartialFeedback = 'liked',
): FeedbackSimulation {
  const texts = new Map<string, FeedbackText>(
    set.projects.map((project) => [
      project.id,
      { title: project.title, description: project.description, cpvCodes: project.cpv, language: project.language ?? null },
    ]),
  );
  const projects = set.projects.map((project) =>
    scorer.prepareProject({ ...project, cpvCodes: project.cpv, location: project.location ?? null, organization: project.organization ?? null }),
  );
  const preparedOf = new Map(projects.map((project) => [texts.get(String(project.id))!, project]));
  // The alerts are prepared against the notices' own statistics, as the score stage does with its project index.
  const index = createCandidateIndex();
  for (const project of projects) index.add(project);
  const relevanceOf = new Map<string, Map<string, number>>();
  for (const judgment of set.judgments) {
    const map = relevanceOf.get(judgment.alert) ?? new Map<string, number>();
    map.set(judgment.project, judgment.relevance);
    relevanceOf.set(judgment.alert, map);
  }
  const associations = learnedAssociationsOf(learnFromNotices(set.projects.map(noticeForLearning)));
  const alerts = set.alerts.map((alert): SimulatedAlert => {
    const language = alert.language as Language;
    const relevances = relevanceOf.get(alert.id) ?? new Map<string, number>();
    const prepared = prepareLearnedAlert(scorer, alert.prompt, language, undefined, index.corpus, associations);
    // The first ranking as the score stage makes it without feedback: with the alert's pseudo-feedback.
    const { alert: ranked } = prepareAlertWithPseudoFeedback(scorer, alert.prompt, language, index, undefined, associations);
    const first = rankScores(projects.map((project) => ({ projectId: String(project.id), score: scoreLearned(scorer, ranked, project) })));
    const clicked = first.slice(0, clicks).map((entry) => entry.projectId);
    const residual = new Set(clicked);
    const judged = [...relevances].filter(([id]) => !residual.has(id)).map(([, relevance]) => relevance);
    const entry = { id: alert.id, prompt: alert.prompt, language, prepared, relevances, clicked: residual, judged, before: 0 };
    return {
      ...entry,
      liked: clicked.filter((id) => (relevances.get(id) ?? 0) >= (partial === 'liked' ? 1 : 2)).map((id) => texts.get(id)!),
      disliked: clicked.filter((id) => (relevances.get(id) ?? 0) < 1).map((id) => texts.get(id)!),
      before: residualNdcg(entry, first),
    };
  });
  return { scorer, projects, index, corpus: index.corpus, associations, preparedOf, clicks, alerts };
}

/** nDCG@10 of a ranking once the clicked projects are set aside (from the ranking and from the ideal). */
function residualNdcg(alert: Pick<SimulatedAlert, 'clicked' | 'relevances' | 'judged'>, ranking: ReadonlyArray<{ projectId: string }>): number {
  return ndcgAt(
    10,
    ranking.filter((entry) => !alert.clicked.has(entry.projectId)).map((entry) => alert.relevances.get(entry.projectId) ?? 0),
    alert.judged,
  );
}

/** One alert learns from its clicks with the given constants, and the remaining projects are ranked again. */
export function simulateAlert(
  simulation: FeedbackSimulation,
  alert: SimulatedAlert,
  settings: FeedbackSettings = DEFAULT_FEEDBACK_SETTINGS,
): FeedbackAlertResult {
  const { scorer, corpus, associations } = simulation;
  const items = learnFromFeedback(
    {
      prompt: alert.prompt,
      liked: alert.liked,
      disliked: alert.disliked,
      rarity: (word) => wordWeight(scorer, word, alert.language, corpus),
      promptPresence: (text) => promptWordPresence(alert.prepared, simulation.preparedOf.get(text)!),
      promptCodes: alert.prepared.codes.map((code) => code.code),
      codeSpecificity: (code) => codeSpecificity(code, corpus),
      documentFrequency: (word) => wordDocumentFrequency(scorer, word, corpus),
      stem: languageTools(alert.language).stem,
      carriesPromptWord: (word) => carriesPromptWord(scorer, alert.prepared, word),
    },
    settings.learning,
  );
  const fedBack = {
    liked: alert.liked.map((text) => simulation.preparedOf.get(text)!),
    disliked: alert.disliked.map((text) => simulation.preparedOf.get(text)!),
  };
  // As the score stage prepares it: the subscriber's 👍 replace pseudo-feedback; with 👎 only, it stays.
  const { alert: learned } = prepareAlertWithPseudoFeedback(
    scorer,
    alert.prompt,
    alert.language,
    simulation.index,
    { ...toAlertLearning(items, fedBack), weights: settings.weights },
    associations,
  );
  const remaining = simulation.projects.filter((project) => !alert.clicked.has(String(project.id)));
  const second = rankScores(remaining.map((project) => ({ projectId: String(project.id), score: scoreLearned(scorer, learned, project) })));
  return {
    alertId: alert.id,
    language: alert.language,
    liked: alert.liked.length,
    disliked: alert.disliked.length,
    remainingRelevant: alert.judged.filter((relevance) => relevance >= 1).length,
    before: alert.before,
    after: residualNdcg(alert, second),
    learned: {
      more: items.filter((item) => item.polarity === 'more').map((item) => item.value),
      less: items.filter((item) => item.polarity === 'less').map((item) => item.value),
    },
  };
}

const mean = (values: readonly number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Only alerts with a relevant project left after the clicks can show a change. */
export const counts = (entry: FeedbackAlertResult) => entry.remainingRelevant > 0;

/**
 * Simulated feedback: the labels of the first ranking's top `clicks` are fed back as 👍 (judged relevant)
 * or 👎 (not), the alert learns, and both rankings are measured on the remaining projects only, so the
 * clicked projects, now known, do not count.
 */
export function runFeedbackEvaluation(options: {
  setPath: string;
  scorer?: LocalScorer;
  clicks?: number;
  settings?: FeedbackSettings;
  partial?: PartialFeedback;
}): FeedbackReport {
  const simulation = prepareFeedbackSimulation(loadEvaluationSet(options.setPath), options.scorer ?? createLocalScorer(), options.clicks, options.partial);
  const perAlert = simulation.alerts.map((alert) => simulateAlert(simulation, alert, options.settings));
  const counted = perAlert.filter(counts);
  return {
    setPath: options.setPath,
    clicks: simulation.clicks,
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
  const changes = report.perAlert.filter(counts).map((entry) => entry.after - entry.before);
  lines.push(
    `mean over ${report.alerts} alerts: before ${f(report.before)} · after ${f(report.after)} · change ${report.after - report.before >= 0 ? '+' : ''}${f(report.after - report.before)}` +
      ` (better on ${changes.filter((change) => change > 0.0005).length}, worse on ${changes.filter((change) => change < -0.0005).length})`,
  );
  return lines.join('\n');
}
