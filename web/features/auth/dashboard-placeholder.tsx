// /dashboard until the groups issue builds it: greets the signed-in user by first name (the
// browser tests land here after confirming an account) and says the screen is coming.
import './i18n';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { HashLink } from '../../components/hash-link';
import { ToolIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { firstName } from '../../lib/account-api';
import { useSession } from '../../lib/session';

export default function DashboardPlaceholder() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  useDocumentTitle(tc('screens.dashboard'));
  const session = useSession();
  const name = session.status === 'signedIn' ? firstName(session.user) : '';

  return (
    <section className="container status-screen" aria-labelledby="dashboard-title">
      <span className="status-screen__icon" aria-hidden="true">
        <ToolIcon size={28} />
      </span>
      <h1 id="dashboard-title">{t('dashboard.greeting', { name })}</h1>
      <p className="status-screen__lead">{t('dashboard.body')}</p>
      <p className="status-screen__hint">{t('dashboard.hint')}</p>
      <div className="status-screen__actions">
        <HashLink to="#planos" className="btn btn--primary btn--md">
          {t('dashboard.plans')}
        </HashLink>
        <ButtonLink to="/profile" variant="secondary">
          {t('dashboard.profile')}
        </ButtonLink>
      </div>
    </section>
  );
}
