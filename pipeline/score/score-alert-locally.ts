import type { AlertToScore } from '../../db/alerts-scoring.ts';
import type { MatchToStore } from '../../db/alert-matches.ts';
import { learnedCandidates } from '../scorer/candidate-index.ts';
import { LEARNING_WEIGHTS, scoreLearnedAtLeast, scoreLearnedAtLeastFrom, likenessTo, type AlertLearning, type LearnedAlert } from '../scorer/learned-alert.ts';
import { bestMatches, learnedNothing, noteBestMatch, prepareAlertWithPseudoFeedback, withPseudoFeedback } from '../scorer/pseudo-feedback.ts';
import type { LearnedAssociations } from '../scorer/learned-associations.ts';
import type { LocalScorer, PreparedProject } from '../scorer/local-scorer.ts';
import { SCORE_FLOOR } from '../../domain/score-thresholds.ts';
import type { ProjectIndex } from './project-index.ts';

/** What one local pass of one alert found, before it is written. */
export interface LocalPass {
  alertId: number;
  promptHash: string;
  /** Projects with content_seq in (afterSeq, upToSeq] were considered. */
  afterSeq: number;
  upToSeq: number;
  considered: number;
  candidates: number;
  matches: MatchToStore[];
  /** Scored on a partly built index (another corpus's statistics): the next pass scores every project again. */
  provisional: boolean;
}

export function needsLocalPass(alert: AlertToScore, index: Pick<ProjectIndex, 'maxSeq'>): boolean {
  return alert.scoredPromptHash !== alert.promptHash || alert.scoredContentSeq < index.maxSeq;
}

/**
 * The projects that can reach `floor`: the alert's own candidates (with its companion's), and, when the
 * subscriber liked projects, those resembling them. The similarity adds at most 100 × likeShare × cosine, so a
 * project reaching `floor` has either its own learned score at half of it, or a similarity worth the other half.
 * (Pseudo-feedback's best matches only lift the alert's own candidates: no scan of every project for them.)
 * Only projects changed after `afterSeq` are compared (the others are not scored in this pass).
 */
function candidatesOf(index: ProjectIndex, prepared: LearnedAlert, floor: number, afterSeq: number, scanSimilar: boolean): Iterable<PreparedProject> {
  const similarity = prepared.similarity;
  const share = (prepared.learningWeights ?? LEARNING_WEIGHTS).likeShare;
  if (!scanSimilar || !similarity?.liked || share <= 0) return learnedCandidates(index.candidates, prepared, { floor });
  const needed = floor - 0.5;
  const found = new Map([...learnedCandidates(index.candidates, prepared, { floor: needed / 2 })].map((project) => [project.id, project]));
  const minimum = needed / (2 * 100 * share);
  for (const project of index.candidates.projects()) {
    if (found.has(project.id) || (index.seqOf(Number(project.id)) ?? 0) <= afterSeq) continue;
    if (likenessTo(similarity.liked, project) >= minimum) found.set(project.id, project);
  }
  return found.values();
}

/** Scores the alert against the projects it has not seen in this prompt's version: all of them after an edit, else the changed ones. */
export function scoreAlertLocally(
  alert: AlertToScore,
  index: ProjectIndex,
  scorer: LocalScorer,
  learning?: AlertLearning,
  associations?: LearnedAssociations,
): LocalPass {
  const afterSeq = alert.scoredPromptHash === alert.promptHash ? alert.scoredContentSeq : 0;
  const upToSeq = index.maxSeq;
  if (afterSeq === 0 && learnedNothing(learning)) return scoreWholeIndex(alert, index, scorer, associations);
  // Its best matches are looked for in the whole index, changed or not: the same ones whichever projects this pass scores.
  const { alert: prepared, pseudoRelevant } = prepareAlertWithPseudoFeedback(scorer, alert.prompt, alert.language, index.candidates, learning, associations);
  const matches: MatchToStore[] = [];
  let candidates = 0;
  for (const project of candidatesOf(index, prepared, SCORE_FLOOR, afterSeq, pseudoRelevant === 0)) {
    const projectId = Number(project.id);
    const contentSeq = index.seqOf(projectId);
    if (contentSeq === undefined || contentSeq <= afterSeq || contentSeq > upToSeq) continue;
    candidates += 1;
    const result = scoreLearnedAtLeast(scorer, prepared, project, SCORE_FLOOR);
    if (!result) continue;
    matches.push({ projectId, score: result.score, explanation: result.explanation, contentSeq });
  }
  const considered = index.countChangedAfter(afterSeq) - index.countChangedAfter(upToSeq);
  return { alertId: alert.id, promptHash: alert.promptHash, afterSeq, upToSeq, considered, candidates, matches, provisional: index.partial };
}

/**
 * A pass over every project (a new or edited alert that learned nothing from its subscriber): one walk over its
 * candidates gives their plain scores, which hold its best match in the whole index; the likeness to it is then
 * added to the same scores, without scoring the candidates again. The same matches as the other path.
 */
function scoreWholeIndex(alert: AlertToScore, index: ProjectIndex, scorer: LocalScorer, associations?: LearnedAssociations): LocalPass {
  const upToSeq = index.maxSeq;
  const plain = scorer.prepareAlert(alert.prompt, alert.language, { corpus: index.candidates.corpus, learned: associations });
  const scored: Array<{ project: PreparedProject; score: number; contentSeq: number }> = [];
  for (const project of learnedCandidates(index.candidates, plain, { floor: SCORE_FLOOR })) {
    const contentSeq = index.seqOf(Number(project.id));
    if (contentSeq === undefined || contentSeq <= 0 || contentSeq > upToSeq) continue;
    scored.push({ project, score: scorer.quickScore(plain, project), contentSeq });
  }
  const best = bestMatches(scored);
  noteBestMatch(index.candidates, plain, best);
  const prepared = withPseudoFeedback(scorer, plain, alert.language, index.candidates.corpus, best, undefined, associations);
  const matches: MatchToStore[] = [];
  for (const { project, score: own, contentSeq } of scored) {
    const result =
      best.length > 0 ? scoreLearnedAtLeastFrom(scorer, prepared, project, own, SCORE_FLOOR) : own >= SCORE_FLOOR ? scorer.score(plain, project) : null;
    if (result) matches.push({ projectId: Number(project.id), score: result.score, explanation: result.explanation, contentSeq });
  }
  const considered = index.countChangedAfter(0) - index.countChangedAfter(upToSeq);
  return { alertId: alert.id, promptHash: alert.promptHash, afterSeq: 0, upToSeq, considered, candidates: scored.length, matches, provisional: index.partial };
}
