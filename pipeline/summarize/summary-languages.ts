import type { Config } from '../../config.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../domain/languages.ts';

/**
 * The languages every project must have a summary in, beyond its creation language: all four with an
 * LLM; none offline, where the extractive summary exists only in the notice's own language.
 */
export function summarizerLanguages(config: Pick<Config, 'llm'>): Language[] {
  return config.llm ? [...LANGUAGES] : [];
}

export function creationLanguage(project: { creationLanguage: string | null }): Language {
  return isLanguage(project.creationLanguage) ? project.creationLanguage : DEFAULT_LANGUAGE;
}
