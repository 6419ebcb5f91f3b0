import { useLanguage } from '../hooks/use-language.ts';
import { LanguageButtons } from './language-buttons.tsx';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  return <LanguageButtons language={language} onChange={setLanguage} className={className} />;
}
