import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import { PublicLayout } from '../components/app-layout.tsx';
import { Icon } from '../components/icon.tsx';
import { StatusHeading } from '../components/status-heading.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { describeError } from '../lib/error-text.ts';
import { normaliseLanguage } from '../lib/languages.ts';

type State = 'working' | 'done' | 'error';
const ACTIONS = ['relevant', 'not_relevant', 'watch'] as const;
type Action = (typeof ACTIONS)[number];

/** Where a one-click link of an e-mail lands: it applies the signed action (no login needed) and confirms it. */
export function EmailActionPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const action = ACTIONS.find((known) => known === params.get('action')) as Action | undefined;
  const [state, setState] = useState<State>(action ? 'working' : 'error');
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    // The e-mail's language, for a reader who is not logged in on this device.
    const language = normaliseLanguage(params.get('lang') ?? '');
    if (language && !user && i18n.language !== language) void i18n.changeLanguage(language);
  }, [params, user, i18n]);

  useEffect(() => {
    if (!action || started.current) return;
    started.current = true;
    apiRequest('POST', '/api/email-actions', { action, u: params.get('u'), a: params.get('a'), p: params.get('p'), s: params.get('s') })
      .then(() => setState('done'))
      .catch((error: unknown) => {
        setMessage(describeError(t, error));
        setState('error');
      });
  }, [action, params, t]);

  const projectId = params.get('p');
  return (
    <PublicLayout title={t('emailAction.title')}>
      <div className="container narrow">
        <div className="card center-card" data-testid="email-action">
          {state === 'working' && (
            <>
              <Spinner />
              <h1>{t('emailAction.working')}</h1>
            </>
          )}
          {state === 'done' && action && (
            <>
              <StatusHeading icon={action === 'watch' ? '★' : <Icon name={action === 'relevant' ? 'thumbUp' : 'thumbDown'} size={40} />} tone="success">
                {t(`emailAction.done.${action}`)}
              </StatusHeading>
              <p>{t(`emailAction.doneText.${action}`)}</p>
              <div className="button-row">
                {user && projectId && (
                  <Link to={`/projects/${projectId}`} className="button button-primary">
                    {t('emailAction.toProject')}
                  </Link>
                )}
                <Link to={user ? (action === 'watch' ? '/watchlist' : '/alerts') : '/auth'} className="button button-ghost">
                  {user ? t(action === 'watch' ? 'emailAction.toWatchlist' : 'emailAction.toAlerts') : t('emailAction.toLogin')}
                </Link>
              </div>
            </>
          )}
          {state === 'error' && (
            <>
              <StatusHeading icon="✕" tone="danger">
                {t('emailAction.failed')}
              </StatusHeading>
              <p className="muted small">{message || t('errors.codes.invalid_token')}</p>
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
