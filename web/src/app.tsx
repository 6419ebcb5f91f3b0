import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from './api/client.ts';
import { ProtectedRoute } from './components/protected-route.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { ToastProvider } from './hooks/use-toast.tsx';
import { AdminPage } from './pages/admin-page.tsx';
import { AlertsPage } from './pages/alerts-page.tsx';
import { AuthPage } from './pages/auth-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { DisclaimerPage } from './pages/disclaimer-page.tsx';
import { EmailActionPage } from './pages/email-action-page.tsx';
import { ForgotPasswordPage } from './pages/forgot-password-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { NotificationsPage } from './pages/notifications-page.tsx';
import { ProjectDetailPage } from './pages/project-detail-page.tsx';
import { ProjectsPage } from './pages/projects-page.tsx';
import { ResetPasswordPage } from './pages/reset-password-page.tsx';
import { SettingsPage } from './pages/settings-page.tsx';
import { SubscriptionPage } from './pages/subscription-page.tsx';
import { SubscriptionSuccessPage } from './pages/subscription-success-page.tsx';
import { VerifyEmailPage } from './pages/verify-email-page.tsx';
import { WatchlistPage } from './pages/watchlist-page.tsx';

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
