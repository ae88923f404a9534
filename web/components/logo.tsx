// The Turma wordmark: two friends (the mark) and the name.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo__mark">
      <rect width="64" height="64" rx="18" fill="var(--accent)" />
      <circle cx="23" cy="25" r="8" fill="var(--on-accent)" />
      <circle cx="42" cy="25" r="8" fill="var(--on-accent)" opacity=".7" />
      <path d="M10 50c2-9 7-13 13-13s11 4 13 13zM29 50c2-9 7-13 13-13s11 4 13 13z" fill="var(--on-accent)" />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="logo" aria-label={t('brand.home')}>
      <LogoMark />
      <span className="logo__name">{t('brand.name')}</span>
    </Link>
  );
}
