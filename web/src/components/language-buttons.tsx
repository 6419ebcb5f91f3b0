import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../domain/languages.ts';

/** The buttons' order, not the languages' (LANGUAGES): English second, for visitors who read neither French nor German. */
const ORDER = ['fr', 'en', 'de', 'it'] as const satisfies readonly Language[];

/** The four language buttons, free of the app's data layer so that the landing page can use them alone. */
export function LanguageButtons({ language, onChange, className = '' }: { language: Language; onChange: (language: Language) => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`language-switcher ${className}`} role="group" aria-label={t('language.label')}>
      {ORDER.filter((code) => LANGUAGES.includes(code)).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={code === language ? 'lang-button active' : 'lang-button'}
          aria-pressed={code === language}
          title={t(`language.names.${code}`)}
          onClick={() => onChange(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
