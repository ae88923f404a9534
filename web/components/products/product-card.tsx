// One product of the grid (and of the landing's showcase): picture, category, name, price, stock badge,
// and a quick "Adicionar" that follows the cart's rules.
import './i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../button';
import { useCart } from '../../lib/cart/cart-context';
import { CartIcon } from '../cart/cart-icon';
import { productPath, type Product } from '../../lib/marketplace-api';
import { ProductImage } from './product-image';
import { StockBadge } from './stock-badge';
import { useAddToCart } from './use-add-to-cart';

export function ProductCard({ product, headingLevel = 2, eagerImage = false }: { product: Product; headingLevel?: 2 | 3; eagerImage?: boolean }) {
  const { t, i18n } = useTranslation('product-card');
  const addToCart = useAddToCart();
  const { items } = useCart();
  const [adding, setAdding] = useState(false);
  const inCart = items.find((l) => l.item_type === 'product' && l.id === product.id)?.quantity ?? 0;
  const soldOut = product.stock_state === 'sold_out';
  const full = product.stock_quantity !== null && inCart >= product.stock_quantity;
  const titleId = `product-${product.id}-name`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className={`product-card${soldOut ? ' product-card--sold-out' : ''}`} aria-labelledby={titleId}>
      {/* The name's link covers the whole card (CSS), picture included. */}
      <div className="product-card__media">
        <ProductImage src={product.image_url} alt="" eager={eagerImage} />
        <StockBadge state={product.stock_state} className="product-card__badge" />
      </div>
      <div className="product-card__body">
        {product.category && <p className="product-card__category">{product.category.name}</p>}
        <Heading id={titleId} className="product-card__name">
          <Link to={productPath(product.id)}>{product.name}</Link>
        </Heading>
        <p className="product-card__price">{formatCents(product.price, i18n.language)}</p>
        <Button
          variant="secondary"
          size="sm"
          className="product-card__add"
          disabled={soldOut || full || adding}
          aria-label={soldOut ? t('card.soldOutLabel', { name: product.name }) : t('card.addLabel', { name: product.name })}
          onClick={async () => {
            setAdding(true);
            try {
              await addToCart(product, 1);
            } finally {
              setAdding(false);
            }
          }}
        >
          <CartIcon size={16} />
          {soldOut ? t('stock.sold_out') : full ? t('card.allInCart') : t('card.add')}
        </Button>
        {inCart > 0 && !soldOut && <p className="product-card__in-cart">{t('card.inCart', { count: inCart })}</p>}
      </div>
    </article>
  );
}
