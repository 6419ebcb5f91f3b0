import type { Language } from './languages.ts';

/** The human page of a project on simap.ch, in the reader's language. */
export function simapProjectUrl(projectId: string, language: Language): string {
  return `https://www.simap.ch/${language}/project-detail/${encodeURIComponent(projectId)}`;
}
