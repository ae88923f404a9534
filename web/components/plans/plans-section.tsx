// The #planos section: the catalogue from GET /api/plans with loading, empty and error states.
import './i18n';
import { useTranslation } from 'react-i18next';
import { TicketIcon } from '../icons';
import type { PlansState } from '../../lib/plans-api';
import { PlanGrid } from './plan-card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../resource-states';

export function PlansSection({ state, onRetry }: { state: PlansState; onRetry: () => void }) {
  const { t } = useTranslation('plans');
  return (
    <section id="planos" className="section section--tinted" aria-labelledby="plans-title" aria-busy={state.status === 'loading'}>
      <div className="container">
        <header className="section__head">
          <h2 id="plans-title">{t('plans.title')}</h2>
          <p>{t('plans.subtitle')}</p>
        </header>

        {state.status === 'loading' && <CardGridSkeleton kind="plan" count={3} label={t('plans.loading')} />}

        {state.status === 'error' && (
          <ErrorState title={t('plans.error')} message={state.error.message} retryLabel={t('plans.retry')} onRetry={onRetry} />
        )}

        {state.status === 'success' && state.plans.length === 0 && (
          <EmptyState icon={<TicketIcon size={28} />} title={t('plans.empty')} hint={t('plans.emptyHint')} />
        )}

        {state.status === 'success' && state.plans.length > 0 && (
          <PlanGrid plans={state.plans} />
        )}
      </div>
    </section>
  );
}
