// One plan of the catalogue: price, struck full price, entry, group size, and "Quero este": signed
// in → the checkout's first step (/checkout/participants) with the plan; signed out → /checkout/plan,
// whose guard keeps the plan as the pending checkout (post_login_redirect) while the visitor signs in.
import './i18n';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import { discountPercent } from '../../../core/catalog/entry-price';
import { Button } from '../button';
import { ClockIcon, PenIcon, ShoppingBagIcon, SparklesIcon, ToothIcon, UsersIcon } from '../icons';
import { useSession } from '../../lib/session';
import { toCheckoutPlan, type Plan } from '../../lib/plans-api';

/** The CSP allows images from this origin only; anything else would be blocked (and logged). */
export function sameOriginImage(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('data:') || url.startsWith('blob:')) return url;
  // A path on this site: the same answer on the server render and in the browser (hydration compares them).
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (typeof window === 'undefined') return null;
  try {
    return new URL(url, window.location.origin).origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}


/** A picture for plans without an image: by category (tattoo, dental, aesthetics) or kind. */
function PlanArt({ plan }: { plan: Plan }) {
  const slug = `${plan.category?.slug ?? ''} ${plan.category?.name ?? ''}`.toLowerCase();
  if (/tatu|tattoo/.test(slug)) return <PenIcon />;
  if (/odonto|dent/.test(slug)) return <ToothIcon />;
  if (plan.kind === 'product') return <ShoppingBagIcon />;
  return <SparklesIcon />;
}

export function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('plans');
  const navigate = useNavigate();
  const signedIn = useSession().status === 'signedIn';
  const locale = i18n.language;
  const image = sameOriginImage(plan.image_url);
  const discount = discountPercent(plan);
  const titleId = `plan-${plan.id}-title`;

  return (
    <article className="plan-card" aria-labelledby={titleId}>
      <div className={`plan-card__media plan-card__media--${plan.kind}`}>
        {image ? <img src={image} alt="" loading="lazy" decoding="async" /> : <PlanArt plan={plan} />}
        {discount > 0 && <span className="plan-card__discount">{t('plans.discount', { percent: discount })}</span>}
      </div>
      <div className="plan-card__body">
        <p className="plan-card__category">{plan.category?.name ?? t(`plans.kind.${plan.kind}`)}</p>
        <h3 id={titleId} className="plan-card__name">
          {plan.name}
        </h3>
        {plan.description && <p className="plan-card__description">{plan.description}</p>}

        <div className="plan-card__prices">
          <p className="plan-card__price">
            <span className="sr-only">{t('plans.groupPrice')}: </span>
            {formatCents(plan.price, locale)}
          </p>
          {plan.full_price > plan.price && (
            <p className="plan-card__full">
              <span className="sr-only">{t('plans.fullPrice')}: </span>
              <s>{formatCents(plan.full_price, locale)}</s>
            </p>
          )}
        </div>
        <p className="plan-card__entry">{t('plans.entry', { value: formatCents(plan.entry_price, locale) })}</p>
        <ul className="plan-card__facts">
          <li>
            <UsersIcon size={16} />
            {t('plans.groupSize', { count: plan.group_size })}
          </li>
          <li>
            <ClockIcon size={16} />
            {t('plans.window', { count: plan.window_days })}
          </li>
        </ul>
        <Button
          className="plan-card__cta"
          aria-label={t('plans.ctaLabel', { name: plan.name })}
          onClick={() => navigate(signedIn ? '/checkout/participants' : '/checkout/plan', { state: { plan: toCheckoutPlan(plan) } })}
        >
          {t('plans.cta')}
        </Button>
      </div>
    </article>
  );
}

/** Plans as the catalogue lists them (the landing's #planos and /marketplace/services). */
export function PlanGrid({ plans }: { plans: readonly Plan[] }) {
  return (
    <ul className="plan-grid" role="list">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}
