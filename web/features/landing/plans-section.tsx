// The #planos section: the catalogue from GET /api/plans with loading, empty and error states.
import { useTranslation } from 'react-i18next';
import { TicketIcon } from '../../components/icons';
import type { PlansState } from './api/plans';
import { PlanCard } from './plan-card';
import { ErrorState } from '../../components/resource-states';

export function PlansSection({ state, onRetry }: { state: PlansState; onRetry: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <section id="planos" className="section section--tinted" aria-labelledby="plans-title" aria-busy={state.status === 'loading'}>
      <div className="container">
        <header className="section__head">
          <h2 id="plans-title">{t('plans.title')}</h2>
          <p>{t('plans.subtitle')}</p>
        </header>

        {state.status === 'loading' && (
          <div className="plan-grid" role="status">
            <span className="sr-only">{t('plans.loading')}</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="plan-card plan-card--skeleton" aria-hidden="true">
                <div className="plan-card__media skeleton" />
                <div className="plan-card__body">
                  <div className="skeleton skeleton--line" style={{ width: '40%' }} />
                  <div className="skeleton skeleton--title" />
                  <div className="skeleton skeleton--line" />
                  <div className="skeleton skeleton--line" style={{ width: '70%' }} />
                  <div className="skeleton skeleton--button" />
                </div>
              </div>
            ))}
          </div>
        )}

        {state.status === 'error' && (
          <ErrorState title={t('plans.error')} message={state.error.message} retryLabel={t('plans.retry')} onRetry={onRetry} />
        )}

        {state.status === 'success' && state.plans.length === 0 && (
          <div className="state-box">
            <TicketIcon size={28} />
            <p className="state-box__title">{t('plans.empty')}</p>
            <p>{t('plans.emptyHint')}</p>
          </div>
        )}

        {state.status === 'success' && state.plans.length > 0 && (
          <ul className="plan-grid" role="list">
            {state.plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
