// /profile: personal data, address (same CEP lookup as the sign-up), password, the LGPD export and
// account deletion. Loads GET /api/me itself (fresh data); a missing profile is tolerated (docs/product/spec.md §8):
// the forms start empty.
import './i18n';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { AlertIcon, DownloadIcon, TrashIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { apiClient, call, isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { MeResponse } from '../../lib/account-api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { errorMessage } from './errors';
import { AddressForm, PasswordForm, PersonalForm, ProfileCard } from './profile-forms';
import { MessagePreferencesCard } from './message-preferences';
import { useSession } from '../../lib/session';
import { PushToggle } from '../../components/push/push-toggle';

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; me: MeResponse };

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('docTitle'));
  const session = useSession();
  const { update } = session;
  const sessionUser = session.status === 'signedIn' ? session.user : null;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    call(apiClient.GET('/api/me', { signal: controller.signal })).then(
      (me) => setState({ status: 'ready', me: { user: me.user, profile: me.profile ?? null } }),
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.isSessionExpired)) return;
        // "Profile not found" is tolerated: the account exists, its profile is just empty.
        if (isApiError(error) && error.status === 404 && sessionUser) {
          setState({ status: 'ready', me: { user: sessionUser, profile: null } });
          return;
        }
        setState({ status: 'error' });
        notify.error(t('loadErrorTitle'), errorMessage(error), { id: 'profile-load-error' });
      },
    );
    return () => controller.abort();
    // sessionUser is only the fallback of a 404: a new session object must not reload the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, t]);

  const onSaved = useCallback(
    (me: MeResponse) => {
      update(me.user, me.profile ?? null);
      setState({ status: 'ready', me: { user: me.user, profile: me.profile ?? null } });
    },
    [update],
  );

  return (
    <div className="container profile">
      <header className="profile__head">
        <h1>{t('title')}</h1>
        <p className="muted">{t('lead')}</p>
      </header>

      {state.status === 'loading' && (
        <div className="profile__loading" role="status">
          <Spinner size={32} />
          <p>{t('loading')}</p>
        </div>
      )}

      {state.status === 'error' && (
        <div className="state-box state-box--error" role="alert">
          <AlertIcon size={28} />
          <p className="state-box__title">{t('loadErrorTitle')}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </div>
      )}

      {state.status === 'ready' && (
        <div className="profile__cards">
          {!state.me.profile && (
            <p className="form-notice" role="status">
              <AlertIcon size={18} />
              <span>{t('notFoundNote')}</span>
            </p>
          )}
          <PersonalForm user={state.me.user} profile={state.me.profile} onSaved={onSaved} />
          <AddressForm profile={state.me.profile} onSaved={onSaved} />
          <PasswordForm />
          <MessagePreferencesCard />
          <PushToggle className="profile__card" />
          <ProfileCard id="profile-data" title={t('data.title')} lead={t('data.lead')}>
            <div className="form__actions form__actions--start">
              <a href="/api/me/export" download className="btn btn--secondary btn--md">
                <DownloadIcon size={18} />
                {t('data.download')}
              </a>
            </div>
          </ProfileCard>
          <ProfileCard id="profile-danger" title={t('danger.title')} lead={t('danger.lead')} tone="danger">
            <div className="form__actions form__actions--start">
              <Button className="btn--danger-outline" onClick={() => setDeleting(true)} aria-haspopup="dialog">
                <TrashIcon size={18} />
                {t('danger.open')}
              </Button>
            </div>
          </ProfileCard>
          <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
        </div>
      )}
    </div>
  );
}
