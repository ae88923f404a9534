// The top bar's cart link with the number of units in the cart (available lines only).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCart } from '../../lib/cart/cart-context';
import { CartIcon } from './cart-icon';

export function CartBadge() {
  const { t } = useTranslation();
  const { count } = useCart();
  return (
    <Link to="/marketplace/cart" className="icon-btn cart-badge" aria-label={t('cart.badge', { count })}>
      <CartIcon size={20} />
      {count > 0 && (
        <span className="cart-badge__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
