import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { AdminPage } from './pages/admin-page.tsx';
import { AlertsPage } from './pages/alerts-page.tsx';
import { AuthPage } from './pages/auth-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { DisclaimerPage } from './pages/disclaimer-page.tsx';
import { EmailActionPage } from './pages/email-action-page.tsx';
import { ForgotPasswordPage } from './pages/forgot-password-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { NotificationsPage } from './pages/notifications-page.tsx';
import { ProjectDetailPage } from './pages/project-detail-page.tsx';
import { ProjectsPage } from './pages/projects-page.tsx';
import { ResetPasswordPage } from './pages/reset-password-page.tsx';
import { SettingsPage } from './pages/settings-page.tsx';
import { SubscriptionPage } from './pages/subscription-page.tsx';
import { SubscriptionSuccessPage } from './pages/subscription-success-page.tsx';
import { VerifyEmailPage } from './pages/verify-email-page.tsx';
import { WatchlistPage } from './pages/watchlist-page.tsx';

export interface AppRoute {
  path: string;
  Page: ComponentType;
  /** Signed-in users only; others are sent to this path. Absent: public. */
  signedInElse?: '/' | '/auth';
  /** The app layout's heading and the document title (titles.* in web/src/locales). */
  titleKey?: string;
  /** Shown in the header navigation under this label (nav.*); `admins` hides it from other users. */
  nav?: { labelKey: string; admins?: boolean };
}

/** Every page of the SPA: the router, the header navigation and the page titles all read this one table. */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', Page: LandingPage },
  { path: '/landing', Page: LandingPage },
  { path: '/auth', Page: AuthPage },
  { path: '/disclaimer', Page: DisclaimerPage },
  { path: '/verify-email', Page: VerifyEmailPage },
  { path: '/email-action', Page: EmailActionPage },
  { path: '/forgot-password', Page: ForgotPasswordPage },
  { path: '/reset-password', Page: ResetPasswordPage },
  { path: '/home', Page: DashboardPage, signedInElse: '/', titleKey: 'titles.dashboard', nav: { labelKey: 'nav.dashboard' } },
  { path: '/dashboard', Page: DashboardPage, signedInElse: '/', titleKey: 'titles.dashboard' },
  { path: '/alerts', Page: AlertsPage, signedInElse: '/', titleKey: 'titles.alerts', nav: { labelKey: 'nav.alerts' } },
  { path: '/alerts/:id', Page: AlertsPage, signedInElse: '/', titleKey: 'titles.alerts' },
  { path: '/projects', Page: ProjectsPage, signedInElse: '/', titleKey: 'titles.projects', nav: { labelKey: 'nav.projects' } },
  { path: '/projects/:id', Page: ProjectDetailPage, signedInElse: '/', titleKey: 'titles.projectDetail' },
  { path: '/watchlist', Page: WatchlistPage, signedInElse: '/', titleKey: 'titles.watchlist', nav: { labelKey: 'nav.watchlist' } },
  { path: '/notifications', Page: NotificationsPage, signedInElse: '/', titleKey: 'titles.notifications', nav: { labelKey: 'nav.notifications' } },
  { path: '/subscription', Page: SubscriptionPage, signedInElse: '/auth', titleKey: 'titles.subscription', nav: { labelKey: 'nav.subscription' } },
  { path: '/subscription/success', Page: SubscriptionSuccessPage, signedInElse: '/auth', titleKey: 'titles.subscription' },
  { path: '/settings', Page: SettingsPage, signedInElse: '/', titleKey: 'titles.settings', nav: { labelKey: 'nav.settings' } },
  { path: '/admin', Page: AdminPage, signedInElse: '/auth', titleKey: 'titles.admin', nav: { labelKey: 'nav.admin', admins: true } },
];

/** Title key of the page at `pathname` (docs/product.md §2 fallbacks), the product title otherwise. */
export function pageTitleKey(pathname: string): string {
  return ROUTES.find((route) => matchPath(route.path, pathname))?.titleKey ?? 'titles.default';
}

export function navRoutes(isAdmin: boolean): AppRoute[] {
  return ROUTES.filter((route) => route.nav && (isAdmin || !route.nav.admins));
}
