import type { Knex } from 'knex';
import { replaceLearnedItems } from '../../db/alert-learning.ts';
import { getAlertToScore } from '../../db/alerts-scoring.ts';
import { findFeedbackProjects } from '../../db/feedback.ts';
import { isLanguage } from '../../domain/languages.ts';
import { carriesPromptWord, codeSpecificity, promptWordPresence, wordDocumentFrequency, wordWeight } from '../scorer/learned-alert.ts';
import type { LocalScorer } from '../scorer/local-scorer.ts';
import { languageTools } from '../scorer/text-analysis.ts';
import { currentLearnedAssociations } from '../score/learned-associations-refresh.ts';
import { refreshProjectIndex } from '../score/project-index.ts';
import { warmSharedLocalScorer } from '../score/shared-local-scorer.ts';
import { learnFromFeedback, type FeedbackText } from './learn-from-feedback.ts';

/**
 * Learns the alert's "more like / less like" again from all its feedback; the next local pass applies it.
 * With `indexWaitMs` (a request shortly after a start), word rarity comes from the projects indexed by then
 * if the index is not whole after that wait (see refreshProjectIndex).
 */
export async function relearnAlert(db: Knex, alertId: number, options: { scorer?: LocalScorer; indexWaitMs?: number } = {}): Promise<void> {
  const alert = await getAlertToScore(db, alertId);
  if (!alert) return;
  // Derived off the event loop on a first start (then read from the disk cache), not on this thread.
  const scorer = options.scorer ?? (await warmSharedLocalScorer());
  // Word rarity and the prompt's reading come from the notices' statistics, which the project index holds.
  const { corpus } = (await refreshProjectIndex(db, scorer, { waitMs: options.indexWaitMs })).candidates;
  const prepared = scorer.prepareAlert(alert.prompt, alert.language, { corpus, learned: await currentLearnedAssociations(db, { relearn: false }) });
  const projects = await findFeedbackProjects(db, alertId);
  const items = learnFromFeedback({
    prompt: alert.prompt,
    liked: projects.filter((project) => project.verdict === 'relevant'),
    disliked: projects.filter((project) => project.verdict === 'not_relevant'),
    rarity: (word) => wordWeight(scorer, word, alert.language, corpus),
    promptCodes: prepared.codes.map((code) => code.code),
    codeSpecificity: (code) => codeSpecificity(code, corpus),
    documentFrequency: (word) => wordDocumentFrequency(scorer, word, corpus),
    stem: languageTools(alert.language).stem,
    carriesPromptWord: (word) => carriesPromptWord(scorer, prepared, word),
    promptPresence: (project: FeedbackText) =>
      promptWordPresence(
        prepared,
        scorer.prepareProject({
          id: 0,
          language: isLanguage(project.language) ? project.language : null,
          title: project.title,
          description: project.description,
          cpvCodes: [...project.cpvCodes],
          canton: null,
        }),
      ),
  });
  await replaceLearnedItems(db, alertId, items);
}
