import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FooterFrame } from './footer-frame.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  return <FooterFrame disclaimerLink={<Link to="/disclaimer">{t('footer.disclaimer')}</Link>} languageControl={<LanguageSwitcher />} />;
}
