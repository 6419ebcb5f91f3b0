import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language.ts';
import { LANGUAGES } from '../../../domain/languages.ts';

const ORDER = ['fr', 'en', 'de', 'it'] as const;

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div className={`language-switcher ${className}`} role="group" aria-label={t('language.label')}>
      {ORDER.filter((code) => LANGUAGES.includes(code)).map((code) => (
        <button
          key={code}
          type="button"
          className={code === language ? 'lang-button active' : 'lang-button'}
          aria-pressed={code === language}
          title={t(`language.names.${code}`)}
          onClick={() => setLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
