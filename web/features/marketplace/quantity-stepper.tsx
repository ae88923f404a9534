// − quantity + : the cart's and the product page's quantity control. The parent applies the rules
// (docs/product/spec.md §5); this only draws the buttons and says why one is off.
import './i18n';
import { useTranslation } from 'react-i18next';

export function QuantityStepper({
  value,
  name,
  onDecrement,
  onIncrement,
  canDecrement = true,
  canIncrement = true,
  disabled = false,
  size = 'md',
}: {
  value: number;
  /** The item's name, for the buttons' accessible names. */
  name: string;
  onDecrement: () => void;
  onIncrement: () => void;
  canDecrement?: boolean;
  canIncrement?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('marketplace');
  return (
    <div className={`qty qty--${size}`} role="group" aria-label={t('qty.group', { name })}>
      <button type="button" className="qty__btn" aria-label={t('qty.decrement', { name })} disabled={disabled || !canDecrement} onClick={onDecrement}>
        <span aria-hidden="true">−</span>
      </button>
      <output className="qty__value" aria-live="polite" aria-label={t('qty.value', { name, count: value })}>
        {value}
      </output>
      <button type="button" className="qty__btn" aria-label={t('qty.increment', { name })} disabled={disabled || !canIncrement} onClick={onIncrement}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
