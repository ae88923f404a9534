// /professional-signup: signed out, the account part first (the normal sign-up with e-mail confirmation,
// which brings the visitor back here signed in); signed in without an application, the professional form; with a
// rejected application, the same form filled in to correct and send again; any other application → the pending page.
import './i18n';
import './onboarding.css';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/resource-states';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountStep } from './account-step';
import { onboardingApi, onboardingKeys } from './api';
import { ApplicationForm } from './application-form';

export default function ProfessionalSignupPage() {
  const { t } = useTranslation('professionalOnboarding');
  useDocumentTitle(t('signup.docTitle'));
  const session = useApiQuery(onboardingKeys.session, onboardingApi.session, { gcTime: 0 });
  const signedIn = session.state.status === 'ready' && session.state.data.signedIn;
  const mine = useApiQuery(onboardingKeys.mine, onboardingApi.mine, { enabled: signedIn, gcTime: 0 });
  const categories = useApiQuery(onboardingKeys.categories, onboardingApi.categories);

  const application = mine.state.status === 'ready' ? mine.state.data : null;
  if (application && application.status !== 'rejected') return <Navigate to="/professional-pending" replace />;
  const resubmit = application?.status === 'rejected';

  let body;
  if (session.state.status === 'error') body = <ErrorState title={t('loadError')} message={session.state.error.message} retryLabel={t('retry')} onRetry={session.retry} />;
  else if (session.state.status === 'loading') body = <LoadingState label={t('loading')} />;
  else if (!session.state.data.signedIn) body = <AccountStep />;
  else if (mine.state.status === 'error') body = <ErrorState title={t('loadError')} message={mine.state.error.message} retryLabel={t('retry')} onRetry={mine.retry} />;
  else if (categories.state.status === 'error') body = <ErrorState title={t('loadError')} message={categories.state.error.message} retryLabel={t('retry')} onRetry={categories.retry} />;
  else if (mine.state.status === 'loading' || categories.state.status === 'loading') body = <LoadingState label={t('loading')} />;
  else body = <ApplicationForm categories={categories.state.data.items.filter((c) => c.kind === 'service')} application={application} />;

  return (
    <div className="container page page--narrow onboarding">
      <header className="onboarding__head">
        <span className="eyebrow">{t('signup.eyebrow')}</span>
        <h1>{resubmit ? t('signup.resubmitTitle') : t('signup.title')}</h1>
        <p className="muted">{resubmit ? t('signup.resubmitLead') : t('signup.lead')}</p>
      </header>
      {resubmit && application.rejection_reason && (
        <div className="onboarding-reason" role="note">
          <p className="onboarding-reason__title">{t('signup.rejectedReason')}</p>
          <p>{application.rejection_reason}</p>
        </div>
      )}
      {body}
    </div>
  );
}
