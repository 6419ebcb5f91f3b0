import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import { PublicLayout } from '../components/app-layout.tsx';
import { StatusHeading } from '../components/status-heading.tsx';
import { Spinner } from '../components/spinner.tsx';
import { USER_KEY, useAuth } from '../hooks/use-auth.tsx';
import { describeError } from '../lib/error-text.ts';

type State = 'verifying' | 'success' | 'error' | 'no-token';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? 'verifying' : 'no-token');
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    apiRequest('GET', `/api/verify-email?token=${encodeURIComponent(token)}`)
      .then(() => {
        setState('success');
        void queryClient.invalidateQueries({ queryKey: USER_KEY });
      })
      .catch((error: unknown) => {
        setMessage(describeError(t, error));
        setState('error');
      });
  }, [token, queryClient, t]);

  return (
    <PublicLayout title={t('verify.title')}>
      <div className="container narrow">
        <div className="card center-card">
          {state === 'verifying' && (
            <>
              <Spinner />
              <h1>{t('verify.verifying')}</h1>
            </>
          )}
          {state === 'success' && (
            <>
              <StatusHeading icon="✓" tone="success">
                {t('verify.success')}
              </StatusHeading>
              <p>{t('verify.successText')}</p>
              <Link to={user ? '/home' : '/auth'} className="button button-primary">
                {user ? t('verify.toDashboard') : t('verify.toLogin')}
              </Link>
            </>
          )}
          {state === 'error' && (
            <>
              <StatusHeading icon="✕" tone="danger">
                {t('verify.failed')}
              </StatusHeading>
              <p>{t('verify.failedText')}</p>
              {message && <p className="muted small">{message}</p>}
              <div className="button-row">
                <Link to="/auth" className="button button-primary">
                  {t('verify.toLogin')}
                </Link>
                <Link to="/" className="button button-ghost">
                  {t('common.backHome')}
                </Link>
              </div>
            </>
          )}
          {state === 'no-token' && (
            <>
              <StatusHeading icon="!" tone="danger">
                {t('verify.failed')}
              </StatusHeading>
              <p>{t('verify.noToken')}</p>
              <Link to="/" className="button button-ghost">
                {t('common.backHome')}
              </Link>
            </>
          )}
        </div>
      </div>
    </PublicLayout>
  );
}
