// /professional/photos: the professional's portfolio, managed at any status — add photos (one upload each) and remove
// them within the 3–8 rule (the server refuses a 9th and, for an approved profile, removing the 3rd; the picker and
// the hint say so first) and reorder them (the first is the cover). The dashboard's "Gerenciar fotos" leads here.
import './i18n';
import './onboarding.css';
import { useTranslation } from 'react-i18next';
import { PORTFOLIO_MAX_PHOTOS, PORTFOLIO_MIN_PHOTOS } from '../../../core/professionals/professional-rules';
import { ButtonLink } from '../../components/button';
import { ClockIcon } from '../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { onboardingApi, onboardingKeys, type MyApplication } from './api';
import { PhotoPicker } from './photo-picker';
import { usePortfolio } from './use-portfolio';

function Portfolio({ application, onChanged }: { application: MyApplication; onChanged: () => void }) {
  const { t } = useTranslation('professionalOnboarding');
  const { items, busy, notes, add, remove, move, announcement } = usePortfolio(application, onChanged, {
    added: (count) => notify.success(t('managePhotos.added', { count })),
    removed: () => notify.success(t('managePhotos.removed')),
  });
  const approved = application.status === 'approved';

  return (
    <section className="panel" aria-labelledby="pro-photos-title">
      <h2 id="pro-photos-title" className="panel__heading">
        {t('pending.photos')}
      </h2>
      <p className="muted">{t('managePhotos.rule', { min: PORTFOLIO_MIN_PHOTOS, max: PORTFOLIO_MAX_PHOTOS })}</p>
      <PhotoPicker items={items} onAdd={(files) => void add(files)} onRemove={(item) => void remove(item)} onMove={move} notes={notes} busy={busy} />
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {approved && items.length <= PORTFOLIO_MIN_PHOTOS && <p className="field__hint">{t('managePhotos.atMinimum', { min: PORTFOLIO_MIN_PHOTOS })}</p>}
    </section>
  );
}

export default function ProfessionalPhotosPage() {
  const { t } = useTranslation('professionalOnboarding');
  useDocumentTitle(t('managePhotos.docTitle'));
  const mine = useApiQuery(onboardingKeys.mine, onboardingApi.mine, { gcTime: 0 });
  const back = mine.state.status === 'ready' && mine.state.data?.status === 'approved' ? '/dashboard/professional' : '/professional-pending';

  let body;
  if (mine.state.status === 'error') body = <ErrorState title={t('loadError')} message={mine.state.error.message} retryLabel={t('retry')} onRetry={mine.retry} />;
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
  else body = <Portfolio application={mine.state.data} onChanged={mine.reload} />;

  return (
    <div className="container page onboarding-pending">
      <header className="page__head">
        <div>
          <h1>{t('managePhotos.title')}</h1>
          <p className="muted">{t('managePhotos.lead')}</p>
        </div>
        {mine.state.status === 'ready' && mine.state.data !== null && (
          <div className="page__head-actions">
            <ButtonLink to={back} variant="ghost" size="sm">
              {back === '/dashboard/professional' ? t('managePhotos.backDashboard') : t('managePhotos.backStatus')}
            </ButtonLink>
          </div>
        )}
      </header>
      {body}
    </div>
  );
}
