import { useTranslation } from 'react-i18next';
import type { Verdict } from '../api/types.ts';
import { useSetFeedback } from '../hooks/use-feedback.ts';
import { Icon } from './icon.tsx';

/** 👍 / 👎 on one (alert, project); pressing the current verdict again clears it. */
export function FeedbackButtons({ alertId, projectId, verdict }: { alertId: number; projectId: number; verdict: Verdict | null | undefined }) {
  const { t } = useTranslation();
  const feedback = useSetFeedback();
  const current = verdict ?? null;
  const send = (next: Verdict) => feedback.mutate({ alertId, projectId, verdict: current === next ? null : next });
  return (
    <span className="feedback-buttons" role="group" aria-label={t('feedback.label')}>
      <button
        type="button"
        className={current === 'relevant' ? 'button button-small active' : 'button button-small'}
        aria-pressed={current === 'relevant'}
        title={t('feedback.relevant')}
        disabled={feedback.isPending}
        onClick={() => send('relevant')}
      >
        <Icon name="thumbUp" /> <span className="sr-only">{t('feedback.relevant')}</span>
      </button>
      <button
        type="button"
        className={current === 'not_relevant' ? 'button button-small active' : 'button button-small'}
        aria-pressed={current === 'not_relevant'}
        title={t('feedback.notRelevant')}
        disabled={feedback.isPending}
        onClick={() => send('not_relevant')}
      >
        <Icon name="thumbDown" /> <span className="sr-only">{t('feedback.notRelevant')}</span>
      </button>
    </span>
  );
}
