/** The four languages of Vigie's users, e-mails, summaries and simap notices (docs/product.md §9). */
export const LANGUAGES = ['fr', 'de', 'it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
