import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The footer's markup; the caller passes the disclaimer link and language control of its page (router or not). */
export function FooterFrame({ disclaimerLink, languageControl }: { disclaimerLink: ReactNode; languageControl: ReactNode }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div>
          <p className="footer-brand">Vigie</p>
          <p className="muted small">{t('footer.notAffiliated')}</p>
        </div>
        <nav className="footer-links" aria-label={t('footer.label')}>
          {disclaimerLink}
          <a href="https://www.simap.ch" target="_blank" rel="noopener noreferrer">
            simap.ch ↗
          </a>
        </nav>
        {languageControl}
      </div>
      <p className="container muted small footer-copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
