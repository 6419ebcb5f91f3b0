import { useQueries } from '@tanstack/react-query';
import { Icon } from '../components/icon.tsx';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import type { Alert, AlertMatch, Frequency, Project, Verdict } from '../api/types.ts';
import { AlertLearningSummary } from '../components/alert-learning.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { CreateAlertForm, FrequencySelect, validatePrompt } from '../components/create-alert-form.tsx';
import { FeedbackButtons } from '../components/feedback-buttons.tsx';
import { ProjectCard } from '../components/project-card.tsx';
import { RefreshButton } from '../components/refresh-button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { StatsStrip } from '../components/stats-strip.tsx';
import { Switch } from '../components/switch.tsx';
import { useAlerts, useDeleteAlert, useProcessAlert, useUpdateAlert } from '../hooks/use-alerts.ts';
import { useAlertRoom } from '../hooks/use-alert-room.ts';
import { parseExcludedWords, useAlertLearning, useSetExclusions } from '../hooks/use-feedback.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { useMatchThreshold } from '../hooks/use-config.ts';
import { groupByAge } from '../lib/age-groups.ts';
import { formatDate } from '../lib/format.ts';
import { normaliseProject } from '../lib/localise.ts';
import { isMatch } from '../lib/score.ts';

interface ScoredProject {
  project: Project;
  score: number | null;
  feedback?: Verdict | null;
}

function AlertEditor({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAlert();
  const [prompt, setPrompt] = useState(alert.prompt);
  const [frequency, setFrequency] = useState<Frequency>(alert.frequency ?? 'daily');
  const [isActive, setIsActive] = useState(alert.isActive !== false);
  const [error, setError] = useState<string | null>(null);
  const learning = useAlertLearning(alert.id);
  const exclusions = useSetExclusions();
  const savedExcluded = (learning.data?.excluded ?? []).map((item) => item.value).join(', ');
  const [excluded, setExcluded] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePrompt(prompt);
    setError(problem);
    if (problem) return;
    const saveExclusions = () => {
      if (excluded === null || excluded === savedExcluded) return onDone();
      exclusions.mutate({ alertId: alert.id, words: parseExcludedWords(excluded) }, { onSuccess: onDone });
    };
    update.mutate({ id: alert.id, prompt: prompt.trim(), frequency, isActive }, { onSuccess: saveExclusions });
  };
  return (
    <form className="alert-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`edit-${alert.id}`}>{t('alerts.form.prompt')}</label>
        <textarea
          id={`edit-${alert.id}`}
          className={error ? 'input invalid' : 'input'}
          rows={3}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
        />
        {error && (
          <p className="field-error" role="alert">
            {t(error)}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`edit-excluded-${alert.id}`}>{t('feedback.mustNotContainLabel')}</label>
        <input
          id={`edit-excluded-${alert.id}`}
          className="input"
          value={excluded ?? savedExcluded}
          placeholder={t('feedback.mustNotContainPlaceholder')}
          onChange={(event) => setExcluded(event.target.value)}
        />
        <p className="muted small">{t('feedback.mustNotContainHelp')}</p>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`edit-frequency-${alert.id}`}>{t('alerts.form.frequency')}</label>
          <FrequencySelect id={`edit-frequency-${alert.id}`} value={frequency} onChange={setFrequency} />
        </div>
        <div className="field field-switch">
          <Switch id={`edit-active-${alert.id}`} checked={isActive} onChange={setIsActive} label={t('alerts.form.active')} />
        </div>
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={update.isPending || exclusions.isPending}>
          {update.isPending || exclusions.isPending ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function AlertItem({ alert, highlighted, selected, onSelect }: { alert: Alert; highlighted: boolean; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAlert();
  const remove = useDeleteAlert(() => setConfirming(false));
  const process = useProcessAlert();
  const ref = useRef<HTMLLIElement>(null);
  const active = alert.isActive !== false;
  const room = useAlertRoom();
  const cannotActivate = !active && room.blocked !== null;

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [highlighted]);

  return (
    <li
      ref={ref}
      id={`alert-${alert.id}`}
      className={`alert-item${highlighted ? ' highlighted' : ''}${selected ? ' selected' : ''}${active ? '' : ' inactive'}`}
    >
      {editing ? (
        <AlertEditor alert={alert} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="alert-item-head">
            <p className="alert-prompt">{alert.prompt}</p>
            <Switch
              id={`active-${alert.id}`}
              checked={active}
              disabled={update.isPending || cannotActivate}
              label={active ? t('alerts.active') : t('alerts.inactive')}
              onChange={(isActive) => update.mutate({ id: alert.id, isActive })}
            />
          </div>
          {cannotActivate && (
            <p className="muted small">
              {room.blocked === 'subscription' ? t('alerts.room.subscriptionShort') : t('alerts.room.limitShort', { max: room.max })}
            </p>
          )}
          <p className="alert-meta">
            <span className="badge badge-info">{t(`alerts.frequency.${alert.frequency ?? 'daily'}`)}</span>
            <span className="badge badge-muted">{t('alerts.matchCount', { count: alert.matchCount ?? 0 })}</span>
            {(alert.promptLanguage ?? alert.language) && (
              <span
                className="badge badge-muted"
                title={t('alerts.promptLanguage', { language: t(`language.names.${alert.promptLanguage ?? alert.language}`) })}
              >
                {(alert.promptLanguage ?? alert.language ?? '').toUpperCase()}
              </span>
            )}
            <span className="muted small">{t('alerts.createdOn', { date: formatDate(alert.createdAt, language, t('common.na')) })}</span>
          </p>
          <AlertLearningSummary alertId={alert.id} />
          <div className="button-row">
            <button type="button" className={selected ? 'button button-small active' : 'button button-small'} aria-pressed={selected} onClick={onSelect}>
              <Icon name="search" size={14} /> {t('alerts.viewMatches')}
            </button>
            <button type="button" className="button button-small" onClick={() => setEditing(true)}>
              <Icon name="edit" size={14} /> {t('common.edit')}
            </button>
            <button type="button" className="button button-small" disabled={process.isPending} onClick={() => process.mutate(alert.id)}>
              <Icon name="bolt" size={14} /> {process.isPending ? t('common.working') : t('alerts.processNow')}
            </button>
            <button type="button" className="button button-small button-danger-ghost" onClick={() => setConfirming(true)}>
              <Icon name="trash" size={14} /> {t('common.delete')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('alerts.confirmDelete.title')}
        description={<p>{t('alerts.confirmDelete.text')}</p>}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(alert.id)}
      />
    </li>
  );
}

async function fetchMatches(alertId: number): Promise<AlertMatch[]> {
  return (await apiRequest<AlertMatch[]>('GET', `/api/alerts/${alertId}/matches`)) ?? [];
}

/**
 * The selected alert's matches, or those of every active alert merged by project (best score kept): the same
 * definition as the alert cards' counts and the "matching projects" stat.
 */
function useMatchingProjects(alerts: Alert[], selectedId: number | null): { items: ScoredProject[]; isLoading: boolean; isError: boolean } {
  const ids = selectedId !== null ? [selectedId] : alerts.filter((alert) => alert.isActive !== false).map((alert) => alert.id);
  const results = useQueries({
    queries: ids.map((id) => ({ queryKey: [`/api/alerts/${id}/matches`], queryFn: () => fetchMatches(id) })),
  });
  const best = new Map<number, ScoredProject>();
  for (const result of results) {
    for (const match of result.data ?? []) {
      if (!match.project) continue;
      const known = best.get(match.project.id);
      if (!known || (match.score ?? -1) > (known.score ?? -1)) {
        best.set(match.project.id, {
          project: normaliseProject(match.project as Project & Record<string, unknown>),
          score: match.score,
          feedback: match.feedback ?? null,
        });
      }
    }
  }
  const items = [...best.values()].sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
  return { items, isLoading: results.some((result) => result.isLoading), isError: results.some((result) => result.isError) };
}

function AgeGroups({ items, alertId }: { items: ScoredProject[]; alertId: number | null }) {
  const { t } = useTranslation();
  const groups = groupByAge(
    items,
    (item) => item.project.publishedAt,
    (item) => item.score,
  );
  const sections = [
    { key: 'recent', label: t('alerts.groups.recent'), items: groups.recent },
    { key: 'month', label: t('alerts.groups.month'), items: groups.month },
    { key: 'older', label: t('alerts.groups.older'), items: groups.older },
  ];
  return (
    <>
      {sections.map((section) =>
        section.items.length === 0 ? null : (
          <div key={section.key} className="age-group">
            <h3 className="age-group-title">
              {section.label} <span className="muted">({section.items.length})</span>
            </h3>
            <div className="project-list">
              {section.items.map((item) => (
                <ProjectCard
                  key={item.project.id}
                  project={item.project}
                  score={item.score}
                  extra={alertId !== null ? <FeedbackButtons alertId={alertId} projectId={item.project.id} verdict={item.feedback} /> : undefined}
                />
              ))}
            </div>
          </div>
        ),
      )}
    </>
  );
}

function MatchingProjects({ alerts, selected, onClear }: { alerts: Alert[]; selected: Alert | null; onClear: () => void }) {
  const { t } = useTranslation();
  const threshold = useMatchThreshold();
  const [showWeaker, setShowWeaker] = useState(false);
  // A newly selected alert starts with its weaker candidates hidden (state adjusted during render, not in an effect).
  const [shownFor, setShownFor] = useState(selected?.id ?? null);
  if (shownFor !== (selected?.id ?? null)) {
    setShownFor(selected?.id ?? null);
    setShowWeaker(false);
  }
  const { items, isLoading, isError } = useMatchingProjects(alerts, selected?.id ?? null);
  const strong = threshold === undefined ? [] : items.filter((item) => isMatch(item.score, threshold));
  const weaker = threshold === undefined ? [] : items.filter((item) => !isMatch(item.score, threshold));
  return (
    <section className="card" aria-labelledby="matching-title">
      <div className="card-head">
        <h2 id="matching-title">{t('alerts.matchingTitle')}</h2>
        {selected && (
          <button type="button" className="button button-small button-ghost" onClick={onClear}>
            {t('alerts.showAllMatches')}
          </button>
        )}
      </div>
      {selected && <p className="muted small">{t('alerts.matchesFor', { prompt: selected.prompt })}</p>}
      {isLoading || threshold === undefined ? (
        <Spinner />
      ) : isError ? (
        <p className="muted">{t('errors.fetchMatches')}</p>
      ) : (
        <>
          <p className="muted small" data-testid="match-total">
            {t('alerts.matchSummary', { count: strong.length, threshold })}
          </p>
          {strong.length === 0 ? <p className="empty">{t('alerts.noMatches')}</p> : <AgeGroups items={strong} alertId={selected?.id ?? null} />}
          {weaker.length > 0 && (
            <div className="weaker-matches">
              <button
                type="button"
                className="button button-small"
                aria-expanded={showWeaker}
                aria-controls="weaker-list"
                onClick={() => setShowWeaker((value) => !value)}
              >
                {showWeaker ? t('alerts.hideWeaker') : t('alerts.showWeaker', { count: weaker.length, threshold })}
              </button>
              {showWeaker && (
                <div id="weaker-list">
                  <h3 className="age-group-title">{t('alerts.weakerTitle', { threshold })}</h3>
                  <div className="project-list weaker">
                    {weaker.map((item) => (
                      <ProjectCard
                        key={item.project.id}
                        project={item.project}
                        score={item.score}
                        extra={selected ? <FeedbackButtons alertId={selected.id} projectId={item.project.id} verdict={item.feedback} /> : undefined}
                      />
                    ))}
                  </div>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function AlertsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const highlightedId = params.id ? Number.parseInt(params.id, 10) : null;
  const [showCreate, setShowCreate] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(highlightedId);
  const { data: alerts, isLoading, isError } = useAlerts();

  // A new /alerts/:id selects that alert (state adjusted during render, not in an effect).
  const [shownHighlightedId, setShownHighlightedId] = useState(highlightedId);
  if (shownHighlightedId !== highlightedId) {
    setShownHighlightedId(highlightedId);
    setSelectedId(highlightedId);
  }
  const list = alerts ?? [];
  const selected = list.find((alert) => alert.id === selectedId) ?? null;

  return (
    <div className="page alerts-page">
      <div className="page-toolbar">
        <p className="muted">{t('alerts.intro')}</p>
        <RefreshButton label={t('alerts.refreshProjects')} />
      </div>
      <StatsStrip />
      <section className="card" aria-labelledby="create-title">
        <div className="card-head">
          <h2 id="create-title">{t('alerts.createTitle')}</h2>
          <button
            type="button"
            className="button button-small"
            aria-expanded={showCreate}
            aria-controls="create-section"
            onClick={() => setShowCreate((value) => !value)}
          >
            {showCreate ? t('common.hide') : t('common.show')}
          </button>
        </div>
        {showCreate && (
          <div id="create-section">
            <CreateAlertForm onCreated={() => setShowCreate(false)} />
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="alert-list-title">
        <h2 id="alert-list-title">{t('alerts.listTitle', { count: list.length })}</h2>
        {isLoading ? (
          <Spinner />
        ) : isError ? (
          <p className="muted">{t('errors.fetchAlerts')}</p>
        ) : list.length === 0 ? (
          <div className="empty">
            <p>{t('alerts.empty')}</p>
            <button type="button" className="button button-primary" onClick={() => setShowCreate(true)}>
              {t('alerts.createFirst')}
            </button>
          </div>
        ) : (
          <ul className="alert-list">
            {list.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                highlighted={alert.id === highlightedId}
                selected={alert.id === selectedId}
                onSelect={() => {
                  if (alert.id === selectedId) {
                    setSelectedId(null);
                    if (highlightedId !== null) void navigate('/alerts');
                  } else setSelectedId(alert.id);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <MatchingProjects
        alerts={list}
        selected={selected}
        onClear={() => {
          setSelectedId(null);
          if (highlightedId !== null) void navigate('/alerts');
        }}
      />
    </div>
  );
}
