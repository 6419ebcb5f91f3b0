import { useTranslation } from 'react-i18next';

export function Spinner({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? 'spinner-page' : 'spinner-inline'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}
