import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../hooks/use-auth.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { navRoutes, pageTitleKey } from '../route-table.tsx';
import { useDocumentTitle } from './page-title.ts';
import { SiteFooter } from './site-footer.tsx';
import { SubscriptionBadge } from './subscription-badge.tsx';

function UserMenu() {
  const { t } = useTranslation();
  const { user, logout, logoutPending } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const initial = (user.username[0] ?? '?').toUpperCase();
  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="avatar" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)} title={user.username}>
        {initial}
      </button>
      {open && (
        <div className="user-menu-panel" role="menu">
          <p className="user-menu-name">{user.username}</p>
          <p className="muted small user-menu-email">{user.email}</p>
          {user.role === 'admin' && <span className="badge badge-info">{t('nav.adminRole')}</span>}
          <hr />
          <button type="button" role="menuitem" className="button button-ghost button-block" disabled={logoutPending} onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin } = useAuth();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = t(pageTitleKey(location.pathname));
  useDocumentTitle(title);

  // Moving to another page closes the menu (state adjusted during render, not in an effect).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const links = navRoutes(isAdmin).map((route) => ({ to: route.path, label: t(route.nav?.labelKey ?? '') }));

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/home" className="brand" aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((value) => !value)}
          >
            <span className="menu-toggle-bar" />
            <span className="menu-toggle-bar" />
            <span className="menu-toggle-bar" />
          </button>
          <div id="main-nav" className={menuOpen ? 'header-collapse open' : 'header-collapse'}>
            <nav className="main-nav" aria-label={t('nav.label')}>
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </NavLink>
              ))}
            </nav>
            <div className="header-tools">
              <SubscriptionBadge />
              <LanguageSwitcher />
              <UserMenu />
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <div className="container">
          <h1 className="page-title">{title}</h1>
          {children}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

export function PublicLayout({ children, title }: { children: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(title ?? t('titles.default'));
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to={user ? '/home' : '/'} className="brand" aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <div className="header-tools public-tools">
            <LanguageSwitcher />
            {user ? (
              <Link to="/home" className="button button-small">
                {t('nav.dashboard')}
              </Link>
            ) : (
              <Link to="/auth" className="button button-small">
                {t('landing.login')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
