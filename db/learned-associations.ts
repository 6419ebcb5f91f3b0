import type { Knex } from 'knex';
import { isLanguage, type Language } from '../domain/languages.ts';

/** A stored translation learned from notices with titles in several languages. */
export interface StoredTranslation {
  sourceLanguage: Language;
  sourceStem: string;
  targetLanguage: Language;
  targetStem: string;
  weight: number;
}

/** A stored word → CPV association learned from the codes notices declare. */
export interface StoredCodeTerm {
  language: Language;
  stem: string;
  code: string;
  weight: number;
  count: number;
}

export interface StoredAssociations {
  documents: number;
  learnedAt: Date;
  translations: StoredTranslation[];
  codeTerms: StoredCodeTerm[];
}

/** What the learning reads of a project: its titles per language, its description (start), codes and publisher. */
export interface ProjectForLearning {
  creationLanguage: string | null;
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
  description: string;
  cpvCodes: string[] | null;
  organization: string | null;
}

const INSERT_CHUNK = 1000;
/** The learning reads the start of a description only. */
const DESCRIPTION_CHARS = 1000;

export async function countProjects(db: Knex): Promise<number> {
  const row = await db('projects').count<{ count: string | number }>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export interface LearnedAssociationsState {
  /** How many projects there were when the stored associations were learned. */
  documents: number;
  learnedAt: Date;
  /** The scorer code that learned them (null: learned before this was recorded). */
  scorerVersion: string | null;
}

/** When and by what the stored associations were learned, or null when nothing was learned yet. */
export async function learnedAssociationsState(db: Knex): Promise<LearnedAssociationsState | null> {
  const row = await db('learnedAssociationsState').select('documents', 'learnedAt', 'scorerVersion').first();
  return row ? { documents: Number(row.documents), learnedAt: new Date(row.learnedAt), scorerVersion: row.scorerVersion ?? null } : null;
}

export async function loadLearnedAssociations(db: Knex): Promise<StoredAssociations | null> {
  const state = await learnedAssociationsState(db);
  if (!state) return null;
  const translations = (await db('learnedTranslations').select('sourceLanguage', 'sourceStem', 'targetLanguage', 'targetStem', 'weight')).filter(
    (row: StoredTranslation) => isLanguage(row.sourceLanguage) && isLanguage(row.targetLanguage),
  ) as StoredTranslation[];
  const codeTerms = (await db('learnedCodeTerms').select('language', 'stem', 'code', 'weight', 'count')).filter((row: StoredCodeTerm) =>
    isLanguage(row.language),
  ) as StoredCodeTerm[];
  return { ...state, translations, codeTerms };
}

/** Replaces what was learned before, in one transaction: readers see the old tables or the new ones. */
export async function replaceLearnedAssociations(
  db: Knex,
  learned: { documents: number; scorerVersion: string; translations: readonly StoredTranslation[]; codeTerms: readonly StoredCodeTerm[] },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('learnedTranslations').delete();
    await trx('learnedCodeTerms').delete();
    for (let i = 0; i < learned.translations.length; i += INSERT_CHUNK) {
      await trx('learnedTranslations').insert(learned.translations.slice(i, i + INSERT_CHUNK));
    }
    for (let i = 0; i < learned.codeTerms.length; i += INSERT_CHUNK) {
      await trx('learnedCodeTerms').insert(learned.codeTerms.slice(i, i + INSERT_CHUNK));
    }
    await trx('learnedAssociationsState')
      .insert({ id: true, documents: learned.documents, scorerVersion: learned.scorerVersion, learnedAt: trx.fn.now() })
      .onConflict('id')
      .merge();
  });
}

/** The `limit` most recently changed projects, as the learning reads them. */
export async function findProjectsForLearning(db: Knex, limit: number): Promise<ProjectForLearning[]> {
  return db('projects')
    .select('creationLanguage', 'title', 'titleFr', 'titleDe', 'titleIt', 'titleEn', 'cpvCodes', 'organization')
    .select(db.raw('left(description, ?) as description', [DESCRIPTION_CHARS]))
    .orderBy([
      { column: 'contentSeq', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
