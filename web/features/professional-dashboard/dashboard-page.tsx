// /dashboard/professional: an approved professional's home — redeem a voucher at the counter (code or QR), the
// rating summary with the newest reviews, the recent services (receivables) and the profile (bio, address, PIX key).
// Not approved → /professional-pending; no application → /professional-signup.
import './i18n';
import './professional-dashboard.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { WalletIcon } from '../../components/icons';
import { ErrorState, InlineError, InlineLoading, LoadingState } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { professionalApi, professionalKeys } from './api';
import { ProfilePanel } from './profile-panel';
import { RatingPanel } from './rating-panel';
import { RedeemPanel } from './redeem-panel';
import { useApprovedProfessional, useCategoryName } from './use-approved-professional';

export default function ProfessionalDashboardPage() {
  const { t } = useTranslation('professionalDashboard');
  useDocumentTitle(t('dashboard.docTitle'));
  const { state, retry, mutate, redirecting } = useApprovedProfessional();
  const categoryName = useCategoryName();

  if (redirecting || state.status === 'loading') {
    return (
      <div className="container page">
        <LoadingState label={t('loading')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="container page">
        <ErrorState title={t('error')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      </div>
    );
  }
  const profile = state.data;

  return (
    <div className="container page pro-dashboard">
      <header className="page__head">
        <div>
          <p className="eyebrow">{categoryName(profile.category)}</p>
          <h1>{t('dashboard.greeting', { name: profile.business_name })}</h1>
          <p className="muted">{t('dashboard.lead')}</p>
        </div>
        <nav className="page__head-actions" aria-label={t('dashboard.docTitle')}>
          <ButtonLink to="/professional/receivables" variant="ghost" size="sm">
            <WalletIcon size={16} />
            {t('dashboard.receivables')}
          </ButtonLink>
          <ButtonLink to={`/profissionais/${profile.id}`} variant="ghost" size="sm">
            {t('dashboard.publicProfile')}
          </ButtonLink>
        </nav>
      </header>

      <div className="dashboard__grid">
        <div className="dashboard__main">
          <RedeemPanel categoryName={categoryName} ownCategory={profile.category} />
          <RecentServices />
          <ProfilePanel profile={profile} categoryName={categoryName} onSaved={(saved) => mutate(() => saved)} />
        </div>
        <aside className="dashboard__aside">
          <RatingPanel profile={profile} />
        </aside>
      </div>
    </div>
  );
}

/** The newest redeemed vouchers (the receivables they earned). */
function RecentServices() {
  const { t, i18n } = useTranslation('professionalDashboard');
  const locale = i18n.language;
  const { state, retry } = useApiQuery(professionalKeys.receivables(null), (signal) => professionalApi.receivables(null, signal));
  return (
    <section className="panel" aria-labelledby="recent-services-title">
      <div className="page__section-head">
        <h2 id="recent-services-title" className="panel__heading">
          {t('recent.title')}
        </h2>
        <Link to="/professional/receivables">{t('recent.all')}</Link>
      </div>
      {state.status === 'loading' && <InlineLoading label={t('receivables.loading')} />}
      {state.status === 'error' && <InlineError message={t('receivables.error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && state.data.items.length === 0 && <p className="muted">{t('recent.empty')}</p>}
      {state.status === 'ready' && state.data.items.length > 0 && (
        <ul className="service-log" role="list">
          {state.data.items.slice(0, 5).map((r) => (
            <li key={r.id} className="service-log__item">
              <div>
                <p className="service-log__title">
                  {r.plan.name} · {r.member_first_name}
                </p>
                <time className="muted" dateTime={r.created_at}>
                  {new Date(r.created_at).toLocaleString(locale, { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })}
                </time>
              </div>
              <div className="service-log__amount">
                <strong>{formatCents(r.net, locale)}</strong>
                <span className={`status-chip status-chip--rcv-${r.status}`}>{t(`receivables.statuses.${r.status}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
