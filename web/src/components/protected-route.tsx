import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import { useAuth } from '../hooks/use-auth.tsx';
import { useToast } from '../hooks/use-toast.tsx';
import { describeError } from '../lib/error-text.ts';
import { AppLayout } from './app-layout.tsx';
import { Spinner } from './spinner.tsx';

export const RESEND_MESSAGE_MS = 10_000;

export function VerificationBanner() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [sent, setSent] = useState(false);
  const resend = useMutation({
    mutationFn: () => apiRequest('POST', '/api/resend-verification'),
    onSuccess: () => {
      setSent(true);
      toast({ title: t('auth.toast.verificationSent'), description: t('auth.toast.verificationSentText'), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('auth.toast.resendFailed'), description: describeError(t, error, 'auth.toast.resendFailedText'), variant: 'destructive' }),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), RESEND_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  return (
    <div className="verification-banner" role="status">
      <div className="container banner-inner">
        <span>
          <strong>{t('verifyBanner.title')}</strong> {t('verifyBanner.text')}
        </span>
        {sent ? (
          <span className="banner-sent">{t('verifyBanner.sent')}</span>
        ) : (
          <button type="button" className="button button-small" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('common.sending') : t('verifyBanner.resend')}
          </button>
        )}
      </div>
    </div>
  );
}

/** Spinner while the user loads, redirect when logged out, banner while the e-mail is unverified. */
export function ProtectedRoute({
  children,
  redirectTo = '/',
  requireVerified = false,
}: {
  children: ReactNode;
  redirectTo?: string;
  requireVerified?: boolean;
}) {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner fullPage />;
  if (!user) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  const blocked = requireVerified && !user.emailVerified;
  return (
    <>
      {!user.emailVerified && <VerificationBanner />}
      <AppLayout>{blocked ? <div className="card notice">{t('verifyBanner.required')}</div> : children}</AppLayout>
    </>
  );
}
