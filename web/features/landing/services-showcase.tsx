// Services showcase (lazy): why our professionals, and the service plans from the same catalogue.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../../components/plans/i18n';
import { formatCents } from '../../../core/shared/money';
import { ArrowRightIcon, BadgeCheckIcon, MapPinIcon, UsersIcon } from '../../components/icons';
import type { PlansState } from '../../lib/plans-api';

const POINTS = [
  { key: 'approved', Icon: BadgeCheckIcon },
  { key: 'nearby', Icon: MapPinIcon },
  { key: 'reviews', Icon: UsersIcon },
] as const;

const MAX_SHOWN = 4;

export default function ServicesShowcase({ state }: { state: PlansState }) {
  const { t, i18n } = useTranslation(['landing', 'plans']);
  const services = state.status === 'success' ? state.plans.filter((plan) => plan.kind === 'service').slice(0, MAX_SHOWN) : [];

  return (
    <div className="showcase">
      <ul className="showcase__points" role="list">
        {POINTS.map(({ key, Icon }) => (
          <li key={key}>
            <span className="showcase__point-icon">
              <Icon size={20} />
            </span>
            <p>{t(`services.points.${key}`)}</p>
          </li>
        ))}
      </ul>

      <div className="showcase__panel">
        <h3 id="services-list-title" className="showcase__panel-title">
          {t('services.listTitle')}
        </h3>
        {state.status === 'loading' && <p className="muted">{t('plans:plans.loading')}</p>}
        {state.status === 'error' && <p className="muted">{t('plans:plans.error')}</p>}
        {state.status === 'success' && services.length === 0 && <p className="muted">{t('services.empty')}</p>}
        {services.length > 0 && (
          <ul className="service-list" role="list" aria-labelledby="services-list-title">
            {services.map((plan) => (
              <li key={plan.id}>
                <span className="service-list__name">
                  {plan.name}
                  {plan.category && <small>{plan.category.name}</small>}
                </span>
                <span className="service-list__price">
                  <small>{t('services.from')}</small>
                  {formatCents(plan.price, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/marketplace/services" className="text-link">
          {t('services.cta')}
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    </div>
  );
}
