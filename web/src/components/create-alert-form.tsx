import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert, Frequency } from '../api/types.ts';
import { DEFAULT_NOTIFY_FREQUENCY, NOTIFY_FREQUENCIES } from '../../../domain/notify-frequencies.ts';
import { PROMPT_MIN, useCreateAlert } from '../hooks/use-alerts.ts';
import { Link } from 'react-router-dom';
import { useAlertRoom, type AlertRoom } from '../hooks/use-alert-room.ts';
import { Switch } from './switch.tsx';

export function validatePrompt(prompt: string): string | null {
  return prompt.trim().length < PROMPT_MIN ? 'validation.promptMin' : null;
}

export function FrequencySelect({ value, onChange, id }: { value: Frequency; onChange: (value: Frequency) => void; id: string }) {
  const { t } = useTranslation();
  return (
    <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as Frequency)}>
      {NOTIFY_FREQUENCIES.map((frequency) => (
        <option key={frequency} value={frequency}>
          {t(`alerts.frequency.${frequency}`)}
        </option>
      ))}
    </select>
  );
}

/** The limit and what to do about it, shown before the user types (the server would refuse with 403). */
export function AlertRoomNotice({ room }: { room: AlertRoom }) {
  const { t } = useTranslation();
  if (room.blocked === 'subscription') {
    return (
      <div className="notice notice-warning" role="status">
        <p>{t('alerts.room.subscription')}</p>
        <Link to="/subscription" className="button button-small button-primary">
          {t('alerts.room.subscribe')}
        </Link>
      </div>
    );
  }
  if (room.blocked === 'limit') {
    return (
      <div className="notice notice-warning" role="status">
        <p>{t('alerts.room.limit', { active: room.active, max: room.max })}</p>
      </div>
    );
  }
  return null;
}

export function CreateAlertForm({ onCreated, compact = false }: { onCreated?: (alert: Alert) => void; compact?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const room = useAlertRoom();
  const atLimit = room.blocked === 'limit';
  const noSubscription = room.blocked === 'subscription';
  const [prompt, setPrompt] = useState('');
  const [frequency, setFrequency] = useState<Frequency>(DEFAULT_NOTIFY_FREQUENCY);
  const [isActive, setIsActive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAlert((alert) => {
    setPrompt('');
    setError(null);
    onCreated?.(alert);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePrompt(prompt);
    setError(problem);
    if (problem) return;
    create.mutate({ prompt: prompt.trim(), frequency, isActive: isActive && !atLimit });
  };

  return (
    <form className={compact ? 'alert-form compact' : 'alert-form'} onSubmit={submit} noValidate>
      <AlertRoomNotice room={room} />
      <fieldset className="plain-fieldset" disabled={noSubscription}>
        <div className="field">
          <label htmlFor={`${id}-prompt`}>{t('alerts.form.prompt')}</label>
          <textarea
            id={`${id}-prompt`}
            name="prompt"
            className={error ? 'input invalid' : 'input'}
            rows={compact ? 3 : 4}
            value={prompt}
            placeholder={t('alerts.form.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-prompt-help`}
            onChange={(event) => {
              setPrompt(event.target.value);
              if (error && !validatePrompt(event.target.value)) setError(null);
            }}
          />
          {error ? (
            <p className="field-error" id={`${id}-prompt-help`} role="alert">
              {t(error)}
            </p>
          ) : (
            <p className="field-help" id={`${id}-prompt-help`}>
              {t('alerts.form.help')}
            </p>
          )}
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-frequency`}>{t('alerts.form.frequency')}</label>
            <FrequencySelect id={`${id}-frequency`} value={frequency} onChange={setFrequency} />
          </div>
          <div className="field field-switch">
            <Switch
              id={`${id}-active`}
              checked={isActive && !atLimit}
              disabled={atLimit}
              onChange={setIsActive}
              label={atLimit ? t('alerts.room.createInactive') : t('alerts.form.active')}
            />
          </div>
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? t('common.saving') : t('alerts.form.submit')}
        </button>
      </fieldset>
    </form>
  );
}
