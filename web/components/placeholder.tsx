// The one "em construção" screen for routes not built yet: names the screen, shows no fake data.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { ButtonLink } from './button';
import { HashLink } from './hash-link';
import { ToolIcon } from './icons';

export type ScreenKey =
  | 'referral'
  | 'join'
  | 'auth'
  | 'authCallback'
  | 'dashboard'
  | 'dashboardProfessional'
  | 'dashboardInfluencer'
  | 'marketplaceServices'
  | 'marketplaceProducts'
  | 'marketplaceProduct'
  | 'marketplaceOrders'
  | 'marketplaceOrder'
  | 'checkoutParticipants'
  | 'checkoutPlan'
  | 'checkoutAddress'
  | 'checkoutPayment'
  | 'myGroups'
  | 'payment'
  | 'paymentHistory'
  | 'notifications'
  | 'profile'
  | 'professionalReceivables'
  | 'professionalSignup'
  | 'influencerSignup'
  | 'professionalPending';

export function Placeholder({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation();
  const name = t(`screens.${screen}`);
  useDocumentTitle(name);
  return (
    <section className="container status-screen" aria-labelledby="placeholder-title">
      <span className="status-screen__icon" aria-hidden="true">
        <ToolIcon size={28} />
      </span>
      <h1 id="placeholder-title">{name}</h1>
      <p className="status-screen__lead">{t('placeholder.body', { screen: name })}</p>
      <p className="status-screen__hint">{t('placeholder.hint')}</p>
      <div className="status-screen__actions">
        <ButtonLink to="/">{t('placeholder.home')}</ButtonLink>
        <HashLink to="#planos" className="btn btn--secondary btn--md">
          {t('placeholder.plans')}
        </HashLink>
      </div>
    </section>
  );
}

export default Placeholder;
