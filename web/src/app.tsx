import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from './api/client.ts';
import { ProtectedRoute } from './components/protected-route.tsx';
import { Spinner } from './components/spinner.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { ToastProvider } from './hooks/use-toast.tsx';
import { LandingPage } from './pages/landing-page.tsx';

// Split by route: the landing page ships alone; auth, app and admin screens load when first visited.
const AuthPage = lazy(() => import('./pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })));
const DisclaimerPage = lazy(() => import('./pages/disclaimer-page.tsx').then((m) => ({ default: m.DisclaimerPage })));
const VerifyEmailPage = lazy(() => import('./pages/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const AlertsPage = lazy(() => import('./pages/alerts-page.tsx').then((m) => ({ default: m.AlertsPage })));
const ProjectsPage = lazy(() => import('./pages/projects-page.tsx').then((m) => ({ default: m.ProjectsPage })));
const ProjectDetailPage = lazy(() => import('./pages/project-detail-page.tsx').then((m) => ({ default: m.ProjectDetailPage })));
const NotificationsPage = lazy(() => import('./pages/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })));
const AdminPage = lazy(() => import('./pages/admin-page.tsx').then((m) => ({ default: m.AdminPage })));
const SubscriptionPage = lazy(() => import('./pages/subscription-page.tsx').then((m) => ({ default: m.SubscriptionPage })));
const SubscriptionSuccessPage = lazy(() => import('./pages/subscription-success-page.tsx').then((m) => ({ default: m.SubscriptionSuccessPage })));
const EmailActionPage = lazy(() => import('./pages/email-action-page.tsx').then((m) => ({ default: m.EmailActionPage })));
const SettingsPage = lazy(() => import('./pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })));
const WatchlistPage = lazy(() => import('./pages/watchlist-page.tsx').then((m) => ({ default: m.WatchlistPage })));

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!pathname.startsWith('/alerts/')) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const guard = (page: ReactNode, redirectTo = '/') => <ProtectedRoute redirectTo={redirectTo}>{page}</ProtectedRoute>;

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner fullPage />}>
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/landing" element={<LandingPage />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/disclaimer" element={<DisclaimerPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/email-action" element={<EmailActionPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/home" element={guard(<DashboardPage />)} />
      <Route path="/dashboard" element={guard(<DashboardPage />)} />
      <Route path="/alerts" element={guard(<AlertsPage />)} />
      <Route path="/alerts/:id" element={guard(<AlertsPage />)} />
      <Route path="/projects" element={guard(<ProjectsPage />)} />
      <Route path="/projects/:id" element={guard(<ProjectDetailPage />)} />
      <Route path="/notifications" element={guard(<NotificationsPage />)} />
      <Route path="/watchlist" element={guard(<WatchlistPage />)} />
      <Route path="/settings" element={guard(<SettingsPage />)} />
      <Route path="/admin" element={guard(<AdminPage />, '/auth')} />
      <Route path="/subscription" element={guard(<SubscriptionPage />, '/auth')} />
      <Route path="/subscription/success" element={guard(<SubscriptionSuccessPage />, '/auth')} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <ToastProvider>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
