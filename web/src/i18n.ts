import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/languages.ts';
import { browserLanguageSources, cacheLanguage, detectLanguage, normaliseLanguage } from './lib/languages.ts';

const initial = detectLanguage(browserLanguageSources());
cacheLanguage(initial);

// One chunk per language, loaded when needed: the landing page ships only the visitor's texts.
const LOADERS: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  it: () => import('./locales/it.json'),
  en: () => import('./locales/en.json'),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LOADERS[normaliseLanguage(language) ?? DEFAULT_LANGUAGE];
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18nReady = i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

function syncHtml(language: string): void {
  document.documentElement.setAttribute('lang', language);
}
syncHtml(initial);
i18n.on('languageChanged', (language) => {
  const normalised = normaliseLanguage(language);
  if (normalised) {
    cacheLanguage(normalised);
    syncHtml(normalised);
  }
});

export function currentLanguage(): Language {
  return normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
export default i18n;
