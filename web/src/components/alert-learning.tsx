import { useTranslation } from 'react-i18next';
import type { LearnedItem } from '../api/types.ts';
import { useAlertLearning, useUndoLearned } from '../hooks/use-feedback.ts';

function Items({ items, label, onUndo, pending }: { items: LearnedItem[]; label: string; onUndo: (id: number) => void; pending: boolean }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <span className="learned-group">
      <span className="muted">{label}</span>{' '}
      {items.map((item, index) => (
        <span key={item.id} className="learned-item">
          {item.value}
          <button
            type="button"
            className="link-button"
            aria-label={t('feedback.undo', { value: item.value })}
            title={t('feedback.undo', { value: item.value })}
            disabled={pending}
            onClick={() => onUndo(item.id)}
          >
            ×
          </button>
          {index < items.length - 1 ? ', ' : ''}
        </span>
      ))}
    </span>
  );
}

/** What the alert learned from feedback, and the words it must not contain, each with an undo. */
export function AlertLearningSummary({ alertId }: { alertId: number }) {
  const { t } = useTranslation();
  const { data } = useAlertLearning(alertId);
  const undo = useUndoLearned(alertId);
  const liked = data?.resemblance?.liked ?? 0;
  const disliked = data?.resemblance?.disliked ?? 0;
  if (!data || data.moreLike.length + data.lessLike.length + data.excluded.length + liked + disliked === 0) return null;
  const groups = [
    { key: 'more', items: data.moreLike, label: t('feedback.moreLike') },
    { key: 'less', items: data.lessLike, label: t('feedback.lessLike') },
    { key: 'excluded', items: data.excluded, label: t('feedback.mustNotContain') },
  ].filter((group) => group.items.length > 0);
  return (
    <p className="alert-learning small" data-testid="alert-learning">
      {groups.map((group, index) => (
        <span key={group.key}>
          <Items items={group.items} label={group.label} pending={undo.isPending} onUndo={(id) => undo.mutate(id)} />
          {index < groups.length - 1 ? ' · ' : ''}
        </span>
      ))}
      {liked + disliked > 0 ? (
        <span className="muted" data-testid="alert-resemblance">
          {groups.length > 0 ? ' · ' : ''}
          {[liked > 0 ? t('feedback.resemblesLiked', { count: liked }) : null, disliked > 0 ? t('feedback.resemblesDisliked', { count: disliked }) : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      ) : null}
    </p>
  );
}
