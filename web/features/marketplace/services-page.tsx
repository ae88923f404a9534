// /marketplace/services: the service plans (GET /api/plans?kind=service) grouped by category, each on the
// landing's plan card — "Quero este" leads to the group checkout exactly as it does there.
import './i18n';
import '../landing/i18n';
import { useTranslation } from 'react-i18next';
import type { toPublicPlan } from '../../../core/catalog/plan.service';
import { SparklesIcon } from '../../components/icons';
import { api, type ListResponse } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useResource } from '../../lib/use-resource';
import { PlanCard } from '../landing/plan-card';
import { ErrorState } from '../../components/resource-states';

type Plan = ReturnType<typeof toPublicPlan>;

interface PlanCategory {
  id: string;
  name: string;
  slug: string;
  kind: string;
  description: string | null;
}

interface Group {
  key: string;
  title: string;
  description: string | null;
  plans: Plan[];
}

const open = { redirectOnUnauthorized: false } as const;

async function loadServices(signal: AbortSignal): Promise<Group[]> {
  const [plans, categories] = await Promise.all([
    api.get<ListResponse<Plan>>('/api/plans', { ...open, signal, query: { kind: 'service' } }),
    api.get<ListResponse<PlanCategory>>('/api/plan-categories', { ...open, signal }).catch(() => ({ items: [] as PlanCategory[], total: 0 })),
  ]);
  const services = plans.items.filter((p) => p.kind === 'service');
  const groups = new Map<string, Group>();
  // Categories in the catalogue's order first; plans without one at the end.
  for (const c of categories.items) groups.set(c.id, { key: c.id, title: c.name, description: c.description, plans: [] });
  for (const plan of services) {
    const id = plan.category?.id ?? '';
    if (!groups.has(id)) groups.set(id, { key: id || 'other', title: plan.category?.name ?? '', description: null, plans: [] });
    groups.get(id)!.plans.push(plan);
  }
  return [...groups.values()].filter((g) => g.plans.length > 0);
}

export default function ServicesPage() {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('services.docTitle'));
  const { state, retry } = useResource(loadServices, []);

  return (
    <div className="container page market-page">
      <header className="page__head">
        <div>
          <h1>{t('services.title')}</h1>
          <p className="muted">{t('services.lead')}</p>
        </div>
      </header>

      {state.status === 'loading' && (
        <div className="plan-grid" role="status">
          <span className="sr-only">{t('services.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="plan-card plan-card--skeleton" aria-hidden="true">
              <div className="plan-card__media skeleton" />
              <div className="plan-card__body">
                <div className="skeleton skeleton--line" style={{ width: '40%' }} />
                <div className="skeleton skeleton--title" />
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--button" />
              </div>
            </div>
          ))}
        </div>
      )}

      {state.status === 'error' && (
        <ErrorState title={t('services.error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {state.status === 'ready' && state.data.length === 0 && (
        <div className="state-box">
          <SparklesIcon size={28} />
          <p className="state-box__title">{t('services.empty')}</p>
          <p>{t('services.emptyHint')}</p>
        </div>
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
            <ul className="plan-grid" role="list">
              {group.plans.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
