import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import { PublicLayout } from '../components/app-layout.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useToast } from '../hooks/use-toast.tsx';
import { isValidEmail } from '../lib/auth-validation.ts';
import { describeError } from '../lib/error-text.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user, isLoading } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) => apiRequest('POST', '/api/forgot-password', { email: address }),
    onSuccess: () => setSent(true),
    onError: (caught) => toast({ title: t('forgot.error'), description: describeError(t, caught, 'errors.unexpected'), variant: 'destructive' }),
  });
  if (isLoading) return <Spinner fullPage />;
  if (user) return <Navigate to="/" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError('validation.email');
      return;
    }
    setError(null);
    send.mutate(email.trim());
  };

  return (
    <PublicLayout title={t('forgot.title')}>
      <div className="container narrow">
        <div className="card">
          <h1>{t('forgot.title')}</h1>
          {sent ? (
            <div className="notice notice-success" role="status">
              <p>{t('forgot.sent')}</p>
            </div>
          ) : (
            <form onSubmit={submit} noValidate>
              <p className="muted">{t('forgot.text')}</p>
              <div className="field">
                <label htmlFor="forgot-email">{t('auth.email')}</label>
                <input
                  id="forgot-email"
                  type="email"
                  className={error ? 'input invalid' : 'input'}
                  value={email}
                  autoComplete="email"
                  onChange={(event) => setEmail(event.target.value)}
                />
                {error && (
                  <p className="field-error" role="alert">
                    {t(error)}
                  </p>
                )}
              </div>
              <button type="submit" className="button button-primary button-block" disabled={send.isPending}>
                {send.isPending ? t('common.sending') : t('forgot.submit')}
              </button>
            </form>
          )}
          <p className="auth-links">
            <Link to="/auth">{t('forgot.backToLogin')}</Link>
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}
