import type { Knex } from 'knex';
import {
  countProjects,
  findProjectsForLearning,
  learnedAssociationsState,
  loadLearnedAssociations,
  replaceLearnedAssociations,
  type ProjectForLearning,
} from '../../db/learned-associations.ts';
import { isLanguage, type Language } from '../../domain/languages.ts';
import { scorerSourcesVersion } from '../scorer/derived-data-cache.ts';
import { learnedAssociationsOf, type LearnedAssociations, type NoticeForLearning } from '../scorer/learned-associations.ts';
import { learnFromNotices } from '../scorer/local-scorer.ts';

/** The corpus must have grown by this share (or by `RELEARN_MIN_NEW`) since the last learning to learn again. */
export const RELEARN_GROWTH = 0.1;
export const RELEARN_MIN_NEW = 1000;
/**
 * The learning reads the most recent notices only: ten thousand are plenty for stable associations, keep
 * up with the vocabulary of the day, and bound the cost of a relearning (about a second).
 */
export const LEARNING_SAMPLE = 10_000;

export function noticeFromProject(row: ProjectForLearning): NoticeForLearning {
  const own = isLanguage(row.creationLanguage) ? row.creationLanguage : null;
  const titles: Partial<Record<Language, string | null>> = { fr: row.titleFr, de: row.titleDe, it: row.titleIt, en: row.titleEn };
  if (own && !titles[own]) titles[own] = row.title;
  return { language: own, titles, description: row.description ?? '', cpvCodes: row.cpvCodes ?? [], organization: row.organization };
}

/**
 * Whether to learn again: the corpus has grown (or shrunk) enough since the last learning, or the stored
 * associations were learned by other scorer code (their stems are another analyzer's).
 */
export function needsRelearning(learned: { documents: number; scorerVersion: string | null } | null, projects: number, scorerVersion: string): boolean {
  if (learned === null) return projects > 0;
  if (learned.scorerVersion !== scorerVersion) return true;
  const learnedFrom = learned.documents;
  const grown = projects - learnedFrom;
  return grown >= RELEARN_MIN_NEW || grown >= RELEARN_GROWTH * Math.max(learnedFrom, 1) || projects < learnedFrom * (1 - RELEARN_GROWTH);
}

/** Learns from the recent projects and stores the result (what `tenders score` runs when the corpus has grown). */
export async function relearnAssociations(db: Knex): Promise<{ documents: number; translations: number; codeTerms: number }> {
  const projects = await countProjects(db);
  const learned = learnFromNotices((await findProjectsForLearning(db, LEARNING_SAMPLE)).map(noticeFromProject));
  // The corpus size it was learned at decides when to learn again, whatever the sample read.
  await replaceLearnedAssociations(db, { ...learned, documents: projects, scorerVersion: scorerSourcesVersion() });
  return { documents: learned.documents, translations: learned.translations.length, codeTerms: learned.codeTerms.length };
}

const cache = new WeakMap<Knex, { learnedAt: number; associations: LearnedAssociations }>();

/**
 * The associations the scorer should use now: relearned first when the corpus has grown enough since the
 * last learning (unless `relearn` is false, as inside a request), else the stored ones (kept in memory
 * until they change).
 */
export async function currentLearnedAssociations(db: Knex, options: { relearn?: boolean } = {}): Promise<LearnedAssociations | undefined> {
  if (options.relearn ?? true) {
    const state = await learnedAssociationsState(db);
    if (needsRelearning(state, await countProjects(db), scorerSourcesVersion())) await relearnAssociations(db);
  }
  const current = await learnedAssociationsState(db);
  if (!current) return undefined;
  const cached = cache.get(db);
  if (cached && cached.learnedAt === current.learnedAt.getTime()) return cached.associations;
  const stored = await loadLearnedAssociations(db);
  if (!stored) return undefined;
  const associations = learnedAssociationsOf(stored);
  cache.set(db, { learnedAt: stored.learnedAt.getTime(), associations });
  return associations;
}
