import type { Config } from '../../config.ts';
import type { Language } from '../scoring/local-scorer.ts';

export const ALL_LANGUAGES: readonly Language[] = ['fr', 'de', 'it', 'en'];

/**
 * The languages every project must have a summary in, beyond its creation language: all four with an
 * LLM; none offline, where the extractive summary exists only in the notice's own language.
 */
export function summarizerLanguages(config: Pick<Config, 'llm'>): Language[] {
  return config.llm ? [...ALL_LANGUAGES] : [];
}

export function creationLanguage(project: { creationLanguage: string | null }): Language {
  return (ALL_LANGUAGES as readonly string[]).includes(project.creationLanguage ?? '') ? (project.creationLanguage as Language) : 'fr';
}
