// Adds a product to the cart through the cart's rules and says what happened (added, capped at the
// stock left, or refused because the cart already holds every unit).
import './i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CartOutcome } from '../../../core/marketplace/cart-rules';
import { notify } from '../../lib/toast';
import { useCart } from '../../lib/cart/cart-context';
import type { Product } from '../../lib/marketplace-api';

export const toCartSnapshot = (p: Product) => ({
  id: p.id,
  name: p.name,
  price: p.price,
  image_url: p.image_url,
  stock_quantity: p.stock_quantity,
  item_type: 'product' as const,
  plan_id: null,
});

export function useAddToCart() {
  const { t } = useTranslation('product-card');
  const { add } = useCart();

  return useCallback(
    async (product: Product, quantity = 1): Promise<CartOutcome> => {
      const outcome = await add(toCartSnapshot(product), quantity);
      const inCart = () => <Link to="/marketplace/cart">{t('toast.seeCart')}</Link>;
      if (outcome === 'added' || outcome === 'updated') {
        notify.success(t('toast.added', { count: quantity }), <>{product.name}. {inCart()}</>, { id: `cart-${product.id}` });
      } else if (outcome === 'capped') {
        notify.info(t('toast.capped', { count: product.stock_quantity ?? 0 }), <>{t('toast.cappedBody', { name: product.name })} {inCart()}</>, { id: `cart-${product.id}` });
      } else if (outcome === 'refused') {
        notify.info(product.stock_state === 'sold_out' ? t('toast.soldOut') : t('toast.allInCart'), product.name, { id: `cart-${product.id}` });
      }
      return outcome;
    },
    [add, t],
  );
}
