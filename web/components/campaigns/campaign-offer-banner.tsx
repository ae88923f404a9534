// The active campaign's offer (GET /api/campaigns/active), shared by the landing and the invite screens. Optional by
// nature: while loading, with no campaign, or when the read fails it shows nothing (the page works without it).
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import { useActiveCampaign, type CampaignOffer } from '../../lib/campaigns-api';
import { SparklesIcon } from '../icons';
import './i18n';

function offerTexts(offer: CampaignOffer, t: (key: string, options?: Record<string, unknown>) => string, locale: string) {
  const percent = (offer.bonus_value / 100).toLocaleString(locale);
  const cap = formatCents(offer.cap_per_inviter, locale);
  // In Brasília time, as everywhere on the site: the same day on the server's render and in any browser.
  const until = new Date(offer.ends_at).toLocaleDateString(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });
  const headline = offer.bonus_type === 'fixed' ? t('fixed', { amount: formatCents(offer.bonus_value, locale) }) : t('fee_percent', { percent });
  const reward = offer.bonus_type === 'fixed' ? formatCents(offer.bonus_value, locale) : t('percentReward', { percent });
  return { headline, details: t('details', { cap, until }), compact: t('compact', { reward, cap }) };
}

/** `compact`: one line for the invite card; otherwise a banner with the campaign's name and terms. */
export function CampaignOfferBanner({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const { t, i18n } = useTranslation('campaign-offer');
  const { state } = useActiveCampaign();
  if (state.status !== 'ready' || !state.data) return null;
  const offer = state.data;
  const texts = offerTexts(offer, t, i18n.language);
  if (compact) {
    return (
      <p className={`campaign-offer campaign-offer--compact ${className}`.trim()} data-testid="campaign-offer">
        <SparklesIcon size={16} />
        <span>{texts.compact}</span>
      </p>
    );
  }
  return (
    <aside className={`campaign-offer ${className}`.trim()} aria-label={t('eyebrow', { name: offer.name })} data-testid="campaign-offer">
      <span className="campaign-offer__icon" aria-hidden="true">
        <SparklesIcon size={22} />
      </span>
      <div className="campaign-offer__body">
        <p className="campaign-offer__eyebrow">{t('eyebrow', { name: offer.name })}</p>
        <p className="campaign-offer__headline">{texts.headline}</p>
        <p className="campaign-offer__details">{texts.details}</p>
      </div>
    </aside>
  );
}
