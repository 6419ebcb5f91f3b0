import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { LandingPage } from './pages/landing-page.tsx';
import { splitPage, type SplitPage } from './split-page.tsx';

// Split by route: the landing page ships with the shell; every other screen loads when first visited.
const AdminPage = splitPage(() => import('./pages/admin-page.tsx').then((m) => m.AdminPage));
const AlertsPage = splitPage(() => import('./pages/alerts-page.tsx').then((m) => m.AlertsPage));
const AuthPage = splitPage(() => import('./pages/auth-page.tsx').then((m) => m.AuthPage));
const DashboardPage = splitPage(() => import('./pages/dashboard-page.tsx').then((m) => m.DashboardPage));
const DisclaimerPage = splitPage(() => import('./pages/disclaimer-page.tsx').then((m) => m.DisclaimerPage));
const EmailActionPage = splitPage(() => import('./pages/email-action-page.tsx').then((m) => m.EmailActionPage));
const ForgotPasswordPage = splitPage(() => import('./pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage));
export const NotFoundPage = splitPage(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const NotificationsPage = splitPage(() => import('./pages/notifications-page.tsx').then((m) => m.NotificationsPage));
const ProjectDetailPage = splitPage(() => import('./pages/project-detail-page.tsx').then((m) => m.ProjectDetailPage));
const ProjectsPage = splitPage(() => import('./pages/projects-page.tsx').then((m) => m.ProjectsPage));
const ResetPasswordPage = splitPage(() => import('./pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage));
const SettingsPage = splitPage(() => import('./pages/settings-page.tsx').then((m) => m.SettingsPage));
const SubscriptionPage = splitPage(() => import('./pages/subscription-page.tsx').then((m) => m.SubscriptionPage));
const SubscriptionSuccessPage = splitPage(() => import('./pages/subscription-success-page.tsx').then((m) => m.SubscriptionSuccessPage));
const VerifyEmailPage = splitPage(() => import('./pages/verify-email-page.tsx').then((m) => m.VerifyEmailPage));
const WatchlistPage = splitPage(() => import('./pages/watchlist-page.tsx').then((m) => m.WatchlistPage));

export interface AppRoute {
  path: string;
  Page: ComponentType | SplitPage;
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

/** Loads the chunk of the page at `pathname` (nothing for the landing page, which ships with the shell). */
export function preloadPage(pathname: string): Promise<void> {
  const Page = ROUTES.find((route) => matchPath(route.path, pathname))?.Page ?? NotFoundPage;
  return 'preload' in Page ? Page.preload() : Promise.resolve();
}

export function navRoutes(isAdmin: boolean): AppRoute[] {
  return ROUTES.filter((route) => route.nav && (isAdmin || !route.nav.admins));
}
