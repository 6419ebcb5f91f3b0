import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/languages.ts';
import { browserLanguageSources, cacheLanguage, detectLanguage, normaliseLanguage } from './lib/languages.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

const initial = detectLanguage(browserLanguageSources());
cacheLanguage(initial);

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr }, de: { translation: de }, it: { translation: it }, en: { translation: en } },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
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
