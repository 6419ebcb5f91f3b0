import { useQuery } from '@tanstack/react-query';
import { Icon } from '../components/icon.tsx';
import type { IconName } from '../components/icon.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SentEmail } from '../api/types.ts';
import { ScoreBadge, ScoreBar } from '../components/score-badge.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useLanguage } from '../hooks/use-language.ts';
import { dayKey, formatDayHeading, formatTime } from '../lib/format.ts';
import { describeError } from '../lib/error-text.ts';

export const EMAIL_PAGE_SIZE = 20;

const STATUS_STYLE: Record<string, { icon: IconName; badge: string }> = {
  sent: { icon: 'check', badge: 'badge-success' },
  delivered: { icon: 'check', badge: 'badge-success' },
  read: { icon: 'eye', badge: 'badge-info' },
  pending: { icon: 'clock', badge: 'badge-warning' },
  failed: { icon: 'cross', badge: 'badge-danger' },
  error: { icon: 'cross', badge: 'badge-danger' },
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const style = STATUS_STYLE[status];
  const label = style ? t(`notifications.status.${status}`) : status;
  return (
    <span className={`badge ${style?.badge ?? 'badge-muted'}`}>
      {style ? <Icon name={style.icon} size={12} /> : null} {label}
    </span>
  );
}

/** Groups e-mails by local day, newest first, keeping the server's order inside a day. */
export function groupByDay(emails: readonly SentEmail[]): { key: string; date: string | null; items: SentEmail[] }[] {
  const groups = new Map<string, { key: string; date: string | null; items: SentEmail[] }>();
  for (const email of emails) {
    const date = email.sentAt ?? null;
    const key = dayKey(date);
    const group = groups.get(key) ?? { key, date, items: [] };
    group.items.push(email);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

function History() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { isAdmin } = useAuth();
  const [limit, setLimit] = useState(EMAIL_PAGE_SIZE);
  const { data, isLoading, isError, error, isFetching } = useQuery<SentEmail[]>({
    queryKey: [`/api/notifications/email?limit=${limit}`],
    placeholderData: (previous) => previous,
  });
  if (isLoading) return <Spinner />;
  if (isError) {
    return (
      <div className="card notice notice-danger" role="alert">
        <strong>{t('notifications.loadError')}</strong> {describeError(t, error)}
      </div>
    );
  }
  const emails = data ?? [];
  if (emails.length === 0) {
    return (
      <div className="card center-card">
        <p className="big-icon" aria-hidden="true">
          <Icon name="mail" size={40} />
        </p>
        <h2>{t('notifications.emptyTitle')}</h2>
        <p className="muted">{t('notifications.emptyText')}</p>
        <Link to="/alerts" className="button button-primary">
          {t('notifications.toAlerts')}
        </Link>
      </div>
    );
  }
  return (
    <div className="email-history">
      {isAdmin && <p className="muted small">{t('notifications.adminScope')}</p>}
      {groupByDay(emails).map((group) => (
        <section key={group.key} className="day-group">
          <h2 className="day-heading">{formatDayHeading(group.date, language, t('common.na'))}</h2>
          <ul className="email-list">
            {group.items.map((email) => (
              <li key={email.id} className="card email-card">
                <div className="email-card-head">
                  <div>
                    <h3 className="email-title">{email.subject ?? t('notifications.unknownSubject')}</h3>
                    <p className="muted small">
                      {t('notifications.sentAt', { time: formatTime(email.sentAt, language, t('common.na')) })}
                      {' · '}
                      {t('notifications.matchCount', { count: email.matchCount })}
                      {isAdmin && email.user?.username ? ` · ${email.user.username}` : ''}
                    </p>
                  </div>
                  <StatusBadge status={email.status} />
                </div>
                <ul className="email-matches">
                  {email.matches.map((match, index) => (
                    <li key={`${match.projectId ?? 'x'}-${match.alertId ?? index}`} className="email-match">
                      <div className="email-match-text">
                        {match.projectId != null ? (
                          <Link to={`/projects/${match.projectId}`}>{match.project?.title || t('notifications.unknownProject')}</Link>
                        ) : (
                          <span>{match.project?.title || t('notifications.unknownProject')}</span>
                        )}
                        {match.project?.organization && <span className="muted small"> · {match.project.organization}</span>}
                        {match.alertPrompt && <p className="email-prompt small">{t('notifications.forAlert', { prompt: match.alertPrompt })}</p>}
                      </div>
                      <ScoreBadge score={match.score} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {emails.length >= limit && (
        <div className="center">
          <button type="button" className="button" disabled={isFetching} onClick={() => setLimit((value) => value + EMAIL_PAGE_SIZE)}>
            {isFetching ? t('common.loading') : t('notifications.loadMore')}
          </button>
        </div>
      )}
    </div>
  );
}

function Preview() {
  const { t } = useTranslation();
  const single = [{ title: t('notifications.preview.project1'), organization: t('notifications.preview.org1'), score: 85 }];
  const digest = [
    { title: t('notifications.preview.project2'), organization: t('notifications.preview.org2'), score: 76 },
    { title: t('notifications.preview.project3'), organization: t('notifications.preview.org3'), score: 92 },
  ];
  const render = (heading: string, subject: string, rows: typeof single) => (
    <div className="card email-preview">
      <p className="muted small">{heading}</p>
      <p className="email-subject">
        <strong>{t('notifications.preview.subjectLabel')}</strong> {subject}
      </p>
      <div className="email-preview-body">
        <p>{t('notifications.preview.greeting')}</p>
        <p>“{t('notifications.preview.prompt')}”</p>
        {rows.map((row) => (
          <div key={row.title} className="email-preview-row">
            <div>
              <strong>{row.title}</strong>
              <p className="muted small">{row.organization}</p>
            </div>
            <ScoreBar score={row.score} />
          </div>
        ))}
        <p className="muted small">{t('notifications.preview.footer')}</p>
      </div>
    </div>
  );
  return (
    <div className="preview-grid">
      {render(t('notifications.preview.singleTitle'), t('notifications.preview.singleSubject'), single)}
      {render(t('notifications.preview.digestTitle'), t('notifications.preview.digestSubject'), digest)}
    </div>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'all' | 'preview'>('all');
  return (
    <div className="page notifications-page">
      <p className="muted">{t('notifications.intro')}</p>
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'all'} className={tab === 'all' ? 'tab active' : 'tab'} onClick={() => setTab('all')}>
          {t('notifications.tabs.all')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'preview'}
          className={tab === 'preview' ? 'tab active' : 'tab'}
          onClick={() => setTab('preview')}
        >
          {t('notifications.tabs.preview')}
        </button>
      </div>
      {tab === 'all' ? <History /> : <Preview />}
    </div>
  );
}
