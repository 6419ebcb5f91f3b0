import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../components/icon.tsx';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import type { NotifyRunResult, QueueStatus } from '../api/types.ts';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useLanguage } from '../hooks/use-language.ts';
import { useToast } from '../hooks/use-toast.tsx';
import { describeError } from '../lib/error-text.ts';
import { formatNumber } from '../lib/format.ts';

export const QUEUE_POLL_MS = 5000;
export const REFETCH_AFTER_CHECK_MS = 1000;
const QUEUE_KEY = ['/api/queue/status'] as const;
type NotifyFrequency = 'daily' | 'weekly' | 'all';

export function AccessDenied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card center-card">
      <p className="big-icon danger" aria-hidden="true">
        <Icon name="lock" size={40} />
      </p>
      <h2>{t('admin.denied.title')}</h2>
      <p className="muted">{t('admin.denied.text')}</p>
      <button type="button" className="button" onClick={() => navigate('/home')}>
        ← {t('common.back')}
      </button>
    </div>
  );
}

function QueueCard() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { data, isLoading, isError, isFetching, refetch } = useQuery<QueueStatus>({ queryKey: QUEUE_KEY, refetchInterval: QUEUE_POLL_MS });
  const [projectId, setProjectId] = useState('');

  const check = useMutation({
    mutationFn: () => apiRequest<{ queued?: number }>('POST', '/api/queue/check-incomplete'),
    onSuccess: (result) => {
      toast({ title: t('admin.toast.checkStarted'), description: t('admin.toast.checkQueued', { count: result?.queued ?? 0 }), variant: 'success' });
      window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }), REFETCH_AFTER_CHECK_MS);
    },
    onError: (error) => toast({ title: t('admin.toast.checkFailed'), description: describeError(t, error), variant: 'destructive' }),
  });
  const add = useMutation({
    mutationFn: (id: number) => apiRequest<{ message?: string }>('POST', `/api/queue/add/${id}`),
    onSuccess: () => {
      setProjectId('');
      toast({ title: t('admin.toast.added'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
    onError: (error) => toast({ title: t('admin.toast.addFailed'), description: describeError(t, error, 'errors.unexpected'), variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number.parseInt(projectId, 10);
    if (!/^\d+$/.test(projectId.trim()) || !Number.isInteger(id)) return;
    add.mutate(id);
  };

  const total = data ? data.pending + data.processing + data.completed + data.failed : 0;
  const rows = data
    ? ([
        ['pending', data.pending, 'amber'],
        ['processing', data.processing, 'blue'],
        ['completed', data.completed, 'green'],
        ['failed', data.failed, 'red'],
      ] as const)
    : [];
  return (
    <section className="card" aria-labelledby="queue-title">
      <div className="card-head">
        <h2 id="queue-title">{t('admin.queueTitle')}</h2>
        <div className="button-row">
          <button type="button" className="button button-small" disabled={isFetching} onClick={() => void refetch()}>
            ↻ {t('common.refresh')}
          </button>
          <button type="button" className="button button-small" disabled={check.isPending} onClick={() => check.mutate()}>
            {t('admin.checkIncomplete')}
          </button>
        </div>
      </div>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <p className="muted">{t('admin.noQueueData')}</p>
      ) : (
        <div className="queue-stats">
          <p>
            {t('admin.queue.total')}: <strong>{formatNumber(total, language)}</strong>
          </p>
          {rows.map(([key, value, colour]) => {
            const percent = total > 0 ? Math.round((value / total) * 100) : 0;
            return (
              <div key={key} className="queue-row">
                <span className="queue-label">{t(`admin.queue.${key}`)}</span>
                <div className="score-bar-track">
                  <div className={`score-bar-fill colour-${colour}`} style={{ width: `${percent}%` }} />
                </div>
                <span className="queue-value">
                  {formatNumber(value, language)} ({percent}%)
                </span>
              </div>
            );
          })}
        </div>
      )}
      <form className="toolbar" onSubmit={submit}>
        <label htmlFor="queue-project-id" className="sr-only">
          {t('admin.projectId')}
        </label>
        <input
          id="queue-project-id"
          className="input"
          inputMode="numeric"
          pattern="[0-9]*"
          required
          placeholder={t('admin.projectId')}
          value={projectId}
          onChange={(event) => setProjectId(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="button" disabled={add.isPending || projectId === ''}>
          {t('admin.addToQueue')}
        </button>
      </form>
    </section>
  );
}

/** The notify run told from its numbers, in the user's language (the server's sentence is English). */
export function describeNotifyResult(t: TFunction, result: NotifyRunResult): string {
  const sent = t('admin.notifyResult.sent', {
    count: result.digestsSent,
    matches: t('admin.notifyResult.matches', { count: result.matchesEmailed }),
  });
  const failed = result.digestsFailed ? ` ${t('admin.notifyResult.failed', { count: result.digestsFailed })}` : '';
  const frequencies = result.frequencies.map((frequency) => t(`alerts.frequency.${frequency}`)).join(', ');
  return frequencies ? `${sent}${failed} (${frequencies})` : `${sent}${failed}`;
}

function NotificationsCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [frequency, setFrequency] = useState<NotifyFrequency>('daily');
  const trigger = useMutation({
    mutationFn: () => apiRequest<NotifyRunResult>('POST', '/api/admin/process-notifications', { frequency }),
    onSuccess: (result) => toast({ title: t('admin.toast.notificationsDone'), description: describeNotifyResult(t, result), variant: 'success' }),
    onError: (error) => toast({ title: t('admin.toast.notificationsFailed'), description: describeError(t, error), variant: 'destructive' }),
  });
  return (
    <section className="card" aria-labelledby="notify-title">
      <h2 id="notify-title">{t('admin.notificationsTitle')}</h2>
      <p className="muted">{t('admin.notificationsText')}</p>
      <div className="toolbar wrap">
        <select
          className="input"
          value={frequency}
          aria-label={t('alerts.form.frequency')}
          onChange={(event) => setFrequency(event.target.value as NotifyFrequency)}
        >
          <option value="daily">{t('alerts.frequency.daily')}</option>
          <option value="weekly">{t('alerts.frequency.weekly')}</option>
          <option value="all">{t('admin.allFrequencies')}</option>
        </select>
        <button type="button" className="button" disabled={trigger.isPending} onClick={() => trigger.mutate()}>
          {trigger.isPending ? t('common.working') : t('admin.processNotifications')}
        </button>
      </div>
    </section>
  );
}

function ResetCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => apiRequest<{ projectsCount?: number; alertsRescored?: number; matches?: number }>('POST', '/api/admin/reset-projects'),
    onSuccess: (result) => {
      setConfirming(false);
      const projects = t('admin.toast.resetDoneText', { count: result?.projectsCount ?? 0 });
      const rescored = t('admin.toast.resetRescored', { count: result?.alertsRescored ?? 0, matches: result?.matches ?? 0 });
      toast({ title: t('admin.toast.resetDone'), description: `${projects} ${rescored}`, variant: 'success' });
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key.startsWith('/api/projects') || key.startsWith('/api/stats') || key.includes('/matches');
        },
      });
    },
    onError: (error) => toast({ title: t('admin.toast.resetError'), description: describeError(t, error), variant: 'destructive' }),
  });
  return (
    <section className="card danger-zone" aria-labelledby="reset-title">
      <h2 id="reset-title">{t('admin.resetTitle')}</h2>
      <p className="muted">{t('admin.resetText')}</p>
      {!confirming ? (
        <button type="button" className="button button-danger-ghost" onClick={() => setConfirming(true)}>
          <Icon name="warning" size={14} /> {t('admin.reset')}
        </button>
      ) : (
        <div className="notice notice-danger" role="alert">
          <p>
            <strong>{t('admin.resetWarning')}</strong>
          </p>
          <div className="button-row">
            <button type="button" className="button button-danger" disabled={reset.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? t('admin.resetting') : t('admin.confirmReset')}
            </button>
            <button type="button" className="button button-ghost" disabled={reset.isPending} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

export function AdminPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied />;
  return (
    <div className="page admin-page">
      <QueueCard />
      <div className="detail-grid">
        <NotificationsCard />
        <ResetCard />
      </div>
    </div>
  );
}
