// /professional/photos: the professional's portfolio, managed at any status — add photos (one upload each) and remove
// them within the 3–8 rule (the server refuses a 9th and, for an approved profile, removing the 3rd; the picker and
// the hint say so first). The dashboard's "Gerenciar fotos" leads here. No reordering: the API keeps the upload order.
import './i18n';
import './onboarding.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTFOLIO_MAX_PHOTOS, PORTFOLIO_MIN_PHOTOS } from '../../../core/professionals/professional-rules';
import { ButtonLink } from '../../components/button';
import { ClockIcon } from '../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/resource-states';
import { isApiError } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { i18n } from '../../i18n';
import { onboardingApi, onboardingKeys, type MyApplication } from './api';
import { acceptFiles, PhotoPicker, type PhotoItem } from './photo-picker';

function Portfolio({ application, onChanged }: { application: MyApplication; onChanged: () => void }) {
  const { t } = useTranslation('professionalOnboarding');
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const items: PhotoItem[] = application.photos.map((p) => ({ kind: 'remote', id: p.id, url: p.url }));
  const approved = application.status === 'approved';

  const add = async (files: File[]) => {
    const { accepted, refused } = acceptFiles(files, items.length, (key, options) => t(key, options));
    setBusy(true);
    const problems = [...refused];
    let sent = 0;
    for (const item of accepted) {
      if (item.kind !== 'local') continue;
      try {
        await onboardingApi.uploadPhoto(item.file, item.file.name);
        sent += 1;
      } catch (error) {
        problems.push(`${item.file.name}: ${isApiError(error) ? error.message : i18n.t('errors.generic')}`);
      } finally {
        URL.revokeObjectURL(item.url);
      }
    }
    setNotes(problems);
    setBusy(false);
    if (sent > 0) notify.success(t('managePhotos.added', { count: sent }));
    onChanged();
  };

  const remove = async (item: PhotoItem) => {
    if (item.kind !== 'remote') return;
    setBusy(true);
    try {
      await onboardingApi.deletePhoto(item.id);
      notify.success(t('managePhotos.removed'));
    } catch (error) {
      // 409 portfolio_minimum: the server's message says to send another photo first.
      notify.error(t('photos.removeError'), isApiError(error) ? error.message : i18n.t('errors.generic'));
    }
    setBusy(false);
    onChanged();
  };

  return (
    <section className="panel" aria-labelledby="pro-photos-title">
      <h2 id="pro-photos-title" className="panel__heading">
        {t('pending.photos')}
      </h2>
      <p className="muted">{t('managePhotos.rule', { min: PORTFOLIO_MIN_PHOTOS, max: PORTFOLIO_MAX_PHOTOS })}</p>
      <PhotoPicker items={items} onAdd={(files) => void add(files)} onRemove={(item) => void remove(item)} notes={notes} busy={busy} />
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
