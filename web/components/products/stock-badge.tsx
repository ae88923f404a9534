// A product's stock state as a badge: 'Esgotado' and 'Últimas unidades' (nothing when in stock).
import './i18n';
import { useTranslation } from 'react-i18next';
import type { StockState } from '../../lib/marketplace-api';

export function StockBadge({ state, className }: { state: StockState; className?: string }) {
  const { t } = useTranslation('product-card');
  if (state === 'available') return null;
  return <span className={`stock-badge stock-badge--${state}${className ? ` ${className}` : ''}`}>{t(`stock.${state}`)}</span>;
}
