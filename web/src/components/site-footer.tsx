import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from './language-switcher.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div>
          <p className="footer-brand">Vigie</p>
          <p className="muted small">{t('footer.notAffiliated')}</p>
        </div>
        <nav className="footer-links" aria-label={t('footer.label')}>
          <Link to="/disclaimer">{t('footer.disclaimer')}</Link>
          <a href="https://www.simap.ch" target="_blank" rel="noopener noreferrer">
            simap.ch ↗
          </a>
        </nav>
        <LanguageSwitcher />
      </div>
      <p className="container muted small footer-copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
