// /professional-pending (docs/product/spec.md §2): where a professional lands while the application is not approved — the
// status (in review, rejected with the reason, suspended with the reason, approved → the dashboard), what was sent,
// "corrigir e reenviar" for a rejected application, and the portfolio completed here when it has fewer than 3 photos.
import './i18n';
import './onboarding.css';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { formatCnpj } from '../../../core/identity/cnpj';
import { formatCpf } from '../../../core/identity/cpf';
import { maskCep } from '../../../core/address/address.service';
import { PORTFOLIO_MIN_PHOTOS, formatRegister, taxIdKind } from '../../../core/professionals/professional-rules';
import { ButtonLink } from '../../components/button';
import { BadgeCheckIcon, ClockIcon, AlertIcon } from '../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { i18n } from '../../i18n';
import { onboardingApi, onboardingKeys, type MyApplication } from './api';
import { PhotoPicker } from './photo-picker';
import { usePortfolio } from './use-portfolio';

const TONE = { pending: 'pending', approved: 'ok', rejected: 'danger', suspended: 'danger' } as const;
const ICON = { pending: ClockIcon, approved: BadgeCheckIcon, rejected: AlertIcon, suspended: AlertIcon } as const;

/** The portfolio of an application still in review with fewer than 3 photos: each change is sent at once. */
function CompletePortfolio({ application, onChanged }: { application: MyApplication; onChanged: () => void }) {
  const { t } = useTranslation('professionalOnboarding');
  const { items, busy, notes, add, remove } = usePortfolio(application, onChanged);

  return (
    <section className="onboarding-reason onboarding-pending__incomplete" aria-labelledby="pro-incomplete">
      <p id="pro-incomplete" className="onboarding-reason__title">
        {t('pending.incompleteTitle')}
      </p>
      <p>{t('pending.incompleteBody', { min: PORTFOLIO_MIN_PHOTOS, count: items.length })}</p>
      <PhotoPicker items={items} onAdd={(files) => void add(files)} onRemove={(item) => void remove(item)} notes={notes} busy={busy} />
    </section>
  );
}

function Sent({ application, categoryName }: { application: MyApplication; categoryName: string }) {
  const { t } = useTranslation('professionalOnboarding');
  const taxId = taxIdKind(application.tax_id) === 'CPF' ? formatCpf(application.tax_id) : formatCnpj(application.tax_id);
  const address = [
    application.address_street ? [application.address_street, application.address_number].filter(Boolean).join(', ') : t('pending.numberOnly', { number: application.address_number }),
    application.address_complement,
    application.address_district,
    [application.address_city, application.address_state].filter(Boolean).join('/'),
    `CEP ${maskCep(application.cep)}`,
  ].filter(Boolean);
  const located = application.latitude !== null && application.longitude !== null;
  const rows: Array<[string, React.ReactNode]> = [
    [t('pending.category'), categoryName],
    ...(application.register ? ([[t('pending.register'), formatRegister(application.register as Parameters<typeof formatRegister>[0])]] as Array<[string, React.ReactNode]>) : []),
    [t('pending.business'), application.business_name],
    [t('pending.taxId'), taxId],
    [t('pending.address'), address.join(' · ')],
    [t('pending.location'), located ? `${application.latitude!.toFixed(5)}, ${application.longitude!.toFixed(5)}` : t('pending.noLocation')],
    [t('pending.pix'), `${t(`form.pixTypes.${application.pix_key.type}`)} · ${application.pix_key.key}`],
  ];

  return (
    <section className="panel" aria-labelledby="pro-sent">
      <div className="panel__head">
        <h2 id="pro-sent" className="panel__heading">
          {t('pending.sentTitle')}
        </h2>
        <p className="muted">{t('pending.sentOn', { date: new Intl.DateTimeFormat(i18n.language || 'pt-BR', { dateStyle: 'long' }).format(new Date(application.created_at)) })}</p>
      </div>
      <dl className="onboarding-pending__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('pending.bio')}</dt>
          <dd className="onboarding-pending__bio">{application.bio}</dd>
        </div>
      </dl>
      {application.photos.length > 0 && (
        <>
          <h3 className="onboarding-pending__subhead">{t('pending.photos')}</h3>
          <ul className="photo-picker__grid" aria-label={t('pending.photos')}>
            {application.photos.map((photo, index) => (
              <li key={photo.id} className="photo-picker__item">
                <img src={photo.url} alt={t('photos.alt', { n: index + 1 })} className="photo-picker__img" loading="lazy" />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function ProfessionalPendingPage() {
  const { t } = useTranslation('professionalOnboarding');
  useDocumentTitle(t('pending.docTitle'));
  const session = useApiQuery(onboardingKeys.session, onboardingApi.session, { gcTime: 0 });
  const signedIn = session.state.status === 'ready' && session.state.data.signedIn;
  const mine = useApiQuery(onboardingKeys.mine, onboardingApi.mine, { enabled: signedIn, gcTime: 0, refetchOnWindowFocus: true });
  const categories = useApiQuery(onboardingKeys.categories, onboardingApi.categories);

  if (session.state.status === 'ready' && !session.state.data.signedIn) return <Navigate to={`/auth?next=${encodeURIComponent('/professional-pending')}`} replace />;

  let body;
  const failed = session.state.status === 'error' ? session : mine.state.status === 'error' ? mine : null;
  if (failed && failed.state.status === 'error') body = <ErrorState title={t('loadError')} message={failed.state.error.message} retryLabel={t('retry')} onRetry={failed.retry} />;
  else if (mine.state.status !== 'ready') body = <LoadingState label={t('loading')} />;
  else if (mine.state.data === null)
    body = (
      <EmptyState
        icon={<ClockIcon size={28} />}
        title={t('pending.none')}
        hint={
          <ButtonLink to="/professional-signup" variant="primary">
            {t('pending.start')}
          </ButtonLink>
        }
      />
    );
  else {
    const app = mine.state.data;
    const Icon = ICON[app.status];
    const categoryName = (categories.state.status === 'ready' ? categories.state.data.items.find((c) => c.slug === app.category)?.name : undefined) ?? app.category;
    const reason = app.status === 'rejected' ? app.rejection_reason : app.status === 'suspended' ? app.suspended_reason : null;
    body = (
      <>
        <section className={`panel onboarding-status onboarding-status--${app.status}`} aria-labelledby="pro-status">
          <div className="onboarding-status__top">
            <span className="panel__icon">
              <Icon size={24} />
            </span>
            <span id="pro-status" className={`status-chip status-chip--tone-${TONE[app.status]}`}>
              {t(`pending.status.${app.status}`)}
            </span>
          </div>
          <p>{t(`pending.explain.${app.status}`)}</p>
          {reason && (
            <div className="onboarding-reason" role="note">
              <p className="onboarding-reason__title">{t('pending.reason')}</p>
              <p>{reason}</p>
            </div>
          )}
          {app.status === 'rejected' && (
            <div className="callout__actions">
              <ButtonLink to="/professional-signup" size="lg">
                {t('pending.fix')}
              </ButtonLink>
            </div>
          )}
          {app.status === 'approved' && (
            <div className="callout__actions">
              <ButtonLink to="/dashboard/professional" size="lg">
                {t('pending.dashboard')}
              </ButtonLink>
            </div>
          )}
        </section>
        {app.status === 'pending' && app.photos.length < PORTFOLIO_MIN_PHOTOS && <CompletePortfolio application={app} onChanged={mine.reload} />}
        <Sent application={app} categoryName={categoryName} />
      </>
    );
  }

  return (
    <div className="container page page--narrow onboarding">
      <header className="onboarding__head">
        <span className="eyebrow">{t('signup.eyebrow')}</span>
        <h1>{t('pending.title')}</h1>
      </header>
      {body}
    </div>
  );
}
