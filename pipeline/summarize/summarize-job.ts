import type { Knex } from 'knex';
import type { ProjectContent } from '../../db/alerts-scoring.ts';
import {
  completeSummaryJob,
  findProjectToSummarize,
  findStoredSummaries,
  releaseFailedSummaryJob,
  saveProjectSummaries,
  type ClaimedSummaryJob,
  type StoredSummary,
} from '../../db/summaries.ts';
import { LlmUnavailableError } from '../llm/llm-errors.ts';
import type { LlmPort, UsageSink } from '../llm/llm-port.ts';
import { toProjectText } from '../score/project-text.ts';
import { extractSummary } from './extract-summary.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { creationLanguage } from './summary-languages.ts';

export const EXTRACTIVE_MODEL = 'extractive';

export type SummaryJobOutcome = 'summarized' | 'already-summarized' | 'retry' | 'failed' | 'lost';

export interface SummarizeJobDeps {
  db: Knex;
  llm: LlmPort | null;
  worker: string;
  maxAttempts: number;
  /** Delay before attempt `attempts + 1`. */
  retryDelayMs(attempts: number): number;
  onUsage?: UsageSink;
}

/** True when the summaries the configured summarizer writes already exist for the project's current text. */
function isSummarized(project: ProjectContent, stored: StoredSummary[], llm: LlmPort | null): boolean {
  const current = (language: string) => stored.find((s) => s.language === language && s.contentSeq >= project.contentSeq);
  if (llm) return LANGUAGES.every((language) => current(language)?.extractive === false);
  return current(creationLanguage(project)) !== undefined;
}

async function writeSummaries(deps: SummarizeJobDeps, project: ProjectContent): Promise<(db: Knex) => Promise<void>> {
  const source = { contentSeq: project.contentSeq };
  if (deps.llm) {
    const summaries = await deps.llm.summarizeProject(toProjectText(project), { onUsage: deps.onUsage });
    const model = deps.llm.model;
    return (db) =>
      saveProjectSummaries(
        db,
        project.id,
        LANGUAGES.map((language) => ({ language, text: summaries[language] })),
        { ...source, model, extractive: false },
      );
  }
  const language = creationLanguage(project);
  const text = extractSummary({ ...toProjectText(project), description: project.description || project.content }, language);
  return (db) => saveProjectSummaries(db, project.id, [{ language, text }], { ...source, model: EXTRACTIVE_MODEL, extractive: true });
}

/**
 * One claimed job: skip the summarizer when its result is already stored (a retry after a crash between
 * the call and the completion does not pay twice), else summarize, store and complete in one transaction.
 */
export async function summarizeJob(deps: SummarizeJobDeps, job: ClaimedSummaryJob): Promise<SummaryJobOutcome> {
  const { db } = deps;
  try {
    const project = await findProjectToSummarize(db, job.projectId);
    if (!project || isSummarized(project, await findStoredSummaries(db, project.id), deps.llm)) {
      return (await completeSummaryJob(db, job.id, deps.worker)) ? 'already-summarized' : 'lost';
    }
    const save = await writeSummaries(deps, project);
    return await db.transaction(async (trx) => {
      await save(trx);
      return (await completeSummaryJob(trx, job.id, deps.worker)) ? 'summarized' : 'lost';
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retry = job.attempts < deps.maxAttempts;
    const released = await releaseFailedSummaryJob(db, job.id, deps.worker, message, retry ? deps.retryDelayMs(job.attempts) : null);
    if (error instanceof LlmUnavailableError && error.misconfigured) throw error;
    if (!released) return 'lost';
    return retry ? 'retry' : 'failed';
  }
}
