// /r/:code, /ref/:code and /indicacao/:code with `?plano=` (the server redirects the others itself): the click is
// recorded and the visitor goes on to that plan's checkout, or the landing with `?inf=<code>`. A brief
// "Redirecionando…", never an error: an unknown code or a failed call still land (docs/product/referrals.md).
import './i18n';
import './redirect.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { apiClient, call } from '../../lib/api';
import { toCheckoutPlan, type Plan } from '../../lib/plans-api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { influencerLinkTarget } from '../../../core/referrals/origin';

/** Past this the visitor moves on even if the click has not been answered (the server still records it). */
const CLICK_WAIT_MS = 2500;

const withTimeout = (work: Promise<unknown>, ms: number) => Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);


export default function ReferralRedirectPage() {
  const { t } = useTranslation('referralRedirect');
  useDocumentTitle(t('title'));
  const { code = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const planId = new URLSearchParams(search).get('plano');
    const referrer = typeof document !== 'undefined' && document.referrer ? document.referrer : null;
    void (async () => {
      await withTimeout(
        call(apiClient.POST('/api/referrals/clicks', { body: { code: code ?? '', path: pathname, referrer } }), { redirectOnUnauthorized: false }),
        CLICK_WAIT_MS,
      );
      // The origin tracker (docs/product/spec.md §4, 'influenciador') reads this path with core's rule, loaded on demand: let it load first.
      await import('../../../core/referrals/origin').catch(() => undefined);
      if (planId) {
        try {
          const plan: Plan = await call(apiClient.GET('/api/plans/{id}', { params: { path: { id: planId } } }), { redirectOnUnauthorized: false });
          navigate(`/checkout/plan${influencerLinkTarget(code, search).slice(1)}`, { replace: true, state: { plan: toCheckoutPlan(plan) } });
          return;
        } catch {
          // An unknown or inactive plan: the landing page, like an unknown code.
        }
      }
      navigate(influencerLinkTarget(code, search), { replace: true });
    })();
  }, [code, pathname, search, navigate]);

  return (
    <main className="page referral-redirect" aria-busy="true">
      <div className="page__loading" role="status">
        <Spinner size={32} />
        <h1 className="referral-redirect__title">{t('title')}</h1>
        <p>{t('hint')}</p>
      </div>
    </main>
  );
}
