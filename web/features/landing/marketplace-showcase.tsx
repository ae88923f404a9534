// Marketplace showcase (lazy): a short pitch and the way in; products live in /marketplace/products.
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { ArrowRightIcon, CheckIcon, ShoppingBagIcon } from '../../components/icons';

const POINTS = ['cart', 'stock', 'tracking'] as const;

export default function MarketplaceShowcase() {
  const { t } = useTranslation('landing');
  return (
    <div className="market">
      <div className="market__art" aria-hidden="true">
        <ShoppingBagIcon size={72} strokeWidth={1.6} />
      </div>
      <div className="market__copy">
        <p>{t('marketplace.body')}</p>
        <ul className="checklist" role="list">
          {POINTS.map((key) => (
            <li key={key}>
              <CheckIcon size={18} />
              {t(`marketplace.points.${key}`)}
            </li>
          ))}
        </ul>
        <ButtonLink to="/marketplace/products" variant="secondary">
          {t('marketplace.cta')}
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>
    </div>
  );
}
