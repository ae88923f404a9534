// /marketplace/services: the service plans (GET /api/plans?kind=service) grouped by category, each on the
// shared plan card (web/components/plans), as on the landing — "Quero este" leads to the group checkout exactly as it does there.
import './i18n';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { groupServices, type Group, type PlanCategory } from './services-groups';
import { SparklesIcon } from '../../components/icons';
import { apiClient, call } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { marketplaceKeys } from '../../lib/marketplace-api';
import { PlanGrid } from '../../components/plans/plan-card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/resource-states';

const open = { redirectOnUnauthorized: false } as const;

async function loadServices(signal: AbortSignal): Promise<Group[]> {
  const [plans, categories] = await Promise.all([
    call(apiClient.GET('/api/plans', { params: { query: { kind: 'service' } }, signal }), open),
    call(apiClient.GET('/api/plan-categories', { signal }), open).catch(() => ({ items: [] as PlanCategory[], total: 0 })),
  ]);
  return groupServices(plans.items, categories.items);
}

/** `nearby`: the "Profissionais perto de você" section, composed in by the route (another feature's screen). */
export default function ServicesPage({ nearby }: { nearby?: ReactNode } = {}) {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('services.docTitle'));
  const { state, retry } = useApiQuery(marketplaceKeys.services(), loadServices);

  return (
    <div className="container page market-page">
      <header className="page__head">
        <div>
          <h1>{t('services.title')}</h1>
          <p className="muted">{t('services.lead')}</p>
        </div>
      </header>

      {nearby && <Suspense fallback={null}>{nearby}</Suspense>}

      {state.status === 'loading' && <CardGridSkeleton kind="plan" count={3} label={t('services.loading')} />}

      {state.status === 'error' && (
        <ErrorState title={t('services.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {state.status === 'ready' && state.data.length === 0 && (
        <EmptyState icon={<SparklesIcon size={28} />} title={t('services.empty')} hint={t('services.emptyHint')} />
      )}

      {state.status === 'ready' &&
        state.data.map((group) => (
          <section key={group.key} className="page__section services-group" aria-labelledby={`services-${group.key}`}>
            <header>
              <h2 id={`services-${group.key}`} className="page__section-title">
                {group.title || t('services.other')}
              </h2>
              {group.description && <p className="muted">{group.description}</p>}
            </header>
            <PlanGrid plans={group.plans} />
          </section>
        ))}
    </div>
  );
}
