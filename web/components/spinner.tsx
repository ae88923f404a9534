// Loading indicators: a bare spinner, and the full-screen "Carregando..." of docs/product/spec.md §2 (Loading).
import { useTranslation } from 'react-i18next';

export function Spinner({ size = 28, label }: { size?: number; label?: string }) {
  return (
    <span className="spinner" style={{ width: size, height: size }} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spinner size={36} />
      <p>{t('loading')}</p>
    </div>
  );
}
