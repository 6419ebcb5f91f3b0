import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/spinner.tsx';
import { Switch } from '../components/switch.tsx';
import { useSettings, useUpdateSettings } from '../hooks/use-watchlist.ts';

export const REMINDER_DAY_CHOICES = [14, 7, 5, 3, 2, 1] as const;

/** Reminder settings and the calendar feed of the watchlist. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useSettings();
  const update = useUpdateSettings();
  const [copied, setCopied] = useState(false);
  if (isLoading) return <Spinner />;
  if (isError || !data) return <p className="muted">{t('settings.loadError')}</p>;
  const toggleDay = (day: number) => {
    const days = data.reminderDays.includes(day) ? data.reminderDays.filter((d) => d !== day) : [...data.reminderDays, day];
    if (days.length > 0) update.mutate({ reminderDays: days });
  };
  return (
    <div className="page settings-page">
      <section className="card" aria-labelledby="reminders-title">
        <h2 id="reminders-title">{t('settings.remindersTitle')}</h2>
        <p className="muted">{t('settings.remindersIntro')}</p>
        <Switch
          id="reminders-enabled"
          checked={data.remindersEnabled}
          disabled={update.isPending}
          label={t('settings.remindersEnabled')}
          onChange={(remindersEnabled) => update.mutate({ remindersEnabled })}
        />
        <fieldset className="field plain-fieldset" disabled={!data.remindersEnabled || update.isPending}>
          <legend>{t('settings.reminderDays')}</legend>
          <div className="button-row">
            {REMINDER_DAY_CHOICES.map((day) => (
              <label key={day} className="checkbox">
                <input type="checkbox" checked={data.reminderDays.includes(day)} onChange={() => toggleDay(day)} /> {t('settings.daysBefore', { count: day })}
              </label>
            ))}
          </div>
        </fieldset>
      </section>
      <section className="card" aria-labelledby="calendar-title">
        <h2 id="calendar-title">{t('settings.calendarTitle')}</h2>
        <p className="muted">{t('settings.calendarIntro')}</p>
        <p>
          <a className="button button-primary button-wrap" href={data.webcalUrl} data-testid="webcal-link">
            {t('settings.subscribe')}
          </a>
        </p>
        <div className="field">
          <label htmlFor="calendar-url">{t('settings.calendarUrl')}</label>
          <input id="calendar-url" className="input" readOnly value={data.calendarUrl} onFocus={(event) => event.target.select()} />
        </div>
        <div className="button-row">
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              void navigator.clipboard?.writeText(data.calendarUrl).then(() => setCopied(true));
            }}
          >
            {copied ? t('settings.copied') : t('settings.copy')}
          </button>
          <button type="button" className="button button-small button-danger-ghost" disabled={update.isPending} onClick={() => update.mutate('renew-calendar')}>
            {t('settings.renew')}
          </button>
        </div>
        <p className="muted small">{t('settings.renewHelp')}</p>
      </section>
    </div>
  );
}
