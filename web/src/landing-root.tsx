import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FooterFrame } from './components/footer-frame.tsx';
import { LandingContent } from './components/landing-content.tsx';
import { LanguageButtons } from './components/language-buttons.tsx';
import { Logo } from './components/logo.tsx';
import { useDocumentTitle } from './components/page-title.ts';
import i18n, { currentLanguage } from './i18n.ts';
import type { Language } from '../../domain/languages.ts';

/**
 * The landing page on its own (its own entry, without router and data layer, to keep the first JS small).
 * A visitor who is logged in goes on to the dashboard.
 */
export function LandingRoot() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(currentLanguage());
  useDocumentTitle(t('titles.default'));
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/user', { credentials: 'include', signal: controller.signal })
      .then((response) => {
        if (response.ok) window.location.replace('/home');
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const change = (next: Language) => {
    void i18n.changeLanguage(next).then(() => setLanguage(currentLanguage()));
  };
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <a href="/" className="brand" aria-label={t('nav.home')}>
            <Logo />
          </a>
          <div className="header-tools public-tools">
            <LanguageButtons language={language} onChange={change} />
            <a href="/auth" className="button button-small">
              {t('landing.login')}
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <LandingContent />
      </main>
      <FooterFrame
        disclaimerLink={<a href="/disclaimer">{t('footer.disclaimer')}</a>}
        languageControl={<LanguageButtons language={language} onChange={change} />}
      />
    </div>
  );
}
