import type { AlertToScore } from '../../db/alerts-scoring.ts';
import type { MatchToStore } from '../../db/alert-matches.ts';
import { learnedCandidates } from '../scorer/candidate-index.ts';
import { prepareLearnedAlert, scoreLearnedAtLeast, type AlertLearning } from '../scorer/learned-alert.ts';
import type { LearnedAssociations } from '../scorer/learned-associations.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
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
}

export function needsLocalPass(alert: AlertToScore, index: Pick<ProjectIndex, 'maxSeq'>): boolean {
  return alert.scoredPromptHash !== alert.promptHash || alert.scoredContentSeq < index.maxSeq;
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
  const prepared = prepareLearnedAlert(scorer, alert.prompt, alert.language, learning, index.candidates.corpus, associations);
  const matches: MatchToStore[] = [];
  let candidates = 0;
  for (const project of learnedCandidates(index.candidates, prepared)) {
    const projectId = Number(project.id);
    const contentSeq = index.seqOf(projectId);
    if (contentSeq === undefined || contentSeq <= afterSeq || contentSeq > upToSeq) continue;
    candidates += 1;
    const result = scoreLearnedAtLeast(scorer, prepared, project, SCORE_FLOOR);
    if (!result) continue;
    matches.push({ projectId, score: result.score, explanation: result.explanation, contentSeq });
  }
  const considered = index.countChangedAfter(afterSeq) - index.countChangedAfter(upToSeq);
  return { alertId: alert.id, promptHash: alert.promptHash, afterSeq, upToSeq, considered, candidates, matches };
}
