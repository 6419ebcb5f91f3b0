import { useTranslation } from 'react-i18next';
import { useRefresh } from '../hooks/use-refresh.ts';

export function RefreshButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  return (
    <button type="button" className="button" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
      <span aria-hidden="true" className={refresh.isPending ? 'spin' : undefined}>
        ↻
      </span>{' '}
      {refresh.isPending ? t('refresh.running') : (label ?? t('refresh.button'))}
    </button>
  );
}
