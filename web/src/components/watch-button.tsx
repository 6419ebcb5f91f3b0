import { useTranslation } from 'react-i18next';
import { useToggleWatch, useWatchedIds } from '../hooks/use-watchlist.ts';

/** ☆ / ★: adds the project to the user's watchlist or takes it off. */
export function WatchButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const watched = useWatchedIds().has(projectId);
  const toggle = useToggleWatch();
  const label = watched ? t('watchlist.unwatch') : t('watchlist.watch');
  return (
    <button
      type="button"
      className={watched ? 'button button-small active watch-button' : 'button button-small watch-button'}
      aria-pressed={watched}
      aria-label={label}
      title={label}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ projectId, watched: !watched })}
    >
      <span aria-hidden="true">{watched ? '★' : '☆'}</span>
    </button>
  );
}
