import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../domain/languages.ts';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

/** The part of a language code before the dash, lowercased (docs/product.md §5), if we support it. */
export function normaliseLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const base = (code.split(/[-_]/)[0] ?? '').trim().toLowerCase();
  return isLanguage(base) ? base : null;
}

export function locale(language: string): string {
  switch (normaliseLanguage(language)) {
    case 'de':
      return 'de-CH';
    case 'it':
      return 'it-CH';
    case 'en':
      return 'en-US';
    default:
      return 'fr-CH';
  }
}

export interface LanguageSources {
  query?: string | null;
  cookie?: string | null;
  localStorage?: string | null;
  sessionStorage?: string | null;
  navigator?: readonly string[];
  htmlTag?: string | null;
}

/** Detection order of docs/product.md §9: query lng, cookie, localStorage, sessionStorage, navigator, html tag. */
export function detectLanguage(sources: LanguageSources): Language {
  const candidates = [sources.query, sources.cookie, sources.localStorage, sources.sessionStorage, ...(sources.navigator ?? []), sources.htmlTag];
  for (const candidate of candidates) {
    const language = normaliseLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

export function browserLanguageSources(): LanguageSources {
  const cookie = safe(() => {
    const match = document.cookie
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
    return match ? decodeURIComponent(match.slice(LANGUAGE_COOKIE.length + 1)) : null;
  });
  return {
    query: safe(() => new URLSearchParams(window.location.search).get('lng')),
    cookie,
    localStorage: safe(() => window.localStorage.getItem(LANGUAGE_STORAGE_KEY)),
    sessionStorage: safe(() => window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
    navigator: safe(() => (navigator.languages?.length ? navigator.languages : [navigator.language])) ?? [],
    htmlTag: safe(() => document.documentElement.getAttribute('lang')),
  };
}

export function cacheLanguage(language: Language): void {
  safe(() => window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language));
}
