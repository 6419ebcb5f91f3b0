import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { LandingPage } from './pages/landing-page.tsx';

// Split by route: the landing page ships with the shell; every other screen loads when first visited.
const AdminPage = lazy(() => import('./pages/admin-page.tsx').then((m) => ({ default: m.AdminPage })));
const AlertsPage = lazy(() => import('./pages/alerts-page.tsx').then((m) => ({ default: m.AlertsPage })));
const AuthPage = lazy(() => import('./pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const DisclaimerPage = lazy(() => import('./pages/disclaimer-page.tsx').then((m) => ({ default: m.DisclaimerPage })));
const EmailActionPage = lazy(() => import('./pages/email-action-page.tsx').then((m) => ({ default: m.EmailActionPage })));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const NotificationsPage = lazy(() => import('./pages/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })));
const ProjectDetailPage = lazy(() => import('./pages/project-detail-page.tsx').then((m) => ({ default: m.ProjectDetailPage })));
const ProjectsPage = lazy(() => import('./pages/projects-page.tsx').then((m) => ({ default: m.ProjectsPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const SettingsPage = lazy(() => import('./pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })));
const SubscriptionPage = lazy(() => import('./pages/subscription-page.tsx').then((m) => ({ default: m.SubscriptionPage })));
const SubscriptionSuccessPage = lazy(() => import('./pages/subscription-success-page.tsx').then((m) => ({ default: m.SubscriptionSuccessPage })));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })));
const WatchlistPage = lazy(() => import('./pages/watchlist-page.tsx').then((m) => ({ default: m.WatchlistPage })));

export interface AppRoute {
  path: string;
  Page: ComponentType | LazyExoticComponent<ComponentType>;
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
