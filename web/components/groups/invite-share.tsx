// The invite link of a group with its three ways out: copy, WhatsApp (wa.me share) and e-mail.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../button';
import { CheckIcon, MailIcon, WhatsAppIcon } from '../icons';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/toast';
import { inviteUrl } from '../../lib/groups-api';
import { useSiteOrigin } from '../../lib/server-origin';
import { CampaignOfferBanner } from '../campaigns/campaign-offer-banner';
import './i18n';

export interface InvitePlan {
  name: string;
  price?: number | null;
  full_price?: number | null;
  entry_price?: number | null;
}

export function inviteMessage(t: (key: string, options?: Record<string, unknown>) => string, locale: string, plan: InvitePlan, url: string) {
  if (plan.price && plan.entry_price && plan.full_price && plan.full_price > plan.price) {
    return t('invite.message', {
      plan: plan.name,
      price: formatCents(plan.price, locale),
      full: formatCents(plan.full_price, locale),
      entry: formatCents(plan.entry_price, locale),
      url,
    });
  }
  return t('invite.messageShort', { plan: plan.name, url });
}

export function InviteShare({
  invitePath,
  plan,
  title,
  lead,
  headingLevel = 3,
  compact = false,
}: {
  invitePath: string;
  plan: InvitePlan;
  title?: string;
  lead?: string;
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('group-card');
  const { t: tc } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const origin = useSiteOrigin();
  const url = inviteUrl(invitePath, origin);
  const message = inviteMessage(t, i18n.language, plan, url);
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(message)}`;
  const mailto = `mailto:?subject=${encodeURIComponent(t('invite.subject', { plan: plan.name }))}&body=${encodeURIComponent(message)}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const onCopy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } else {
      notify.error(tc('copy.failed'));
    }
  };

  return (
    <section className={`invite${compact ? ' invite--compact' : ''}`} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="invite__title">
        {title ?? t('invite.title')}
      </Heading>
      {!compact && <p className="muted invite__lead">{lead ?? t('invite.lead')}</p>}
      <CampaignOfferBanner compact />
      <div className="invite__link">
        <label htmlFor={`${id}-url`} className="sr-only">
          {t('invite.linkLabel')}
        </label>
        <input id={`${id}-url`} className="field__input invite__input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" size="sm" onClick={onCopy} aria-label={t('invite.copyLabel')}>
          {copied ? <CheckIcon size={16} /> : null}
          {copied ? t('invite.copied') : t('invite.copy')}
        </Button>
      </div>
      <span className="sr-only" role="status">
        {copied ? t('invite.copied') : ''}
      </span>
      <div className="invite__actions">
        <a className="btn btn--secondary btn--sm invite__whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={t('invite.whatsappLabel')}>
          <WhatsAppIcon size={18} />
          {t('invite.whatsapp')}
        </a>
        <a className="btn btn--ghost btn--sm" href={mailto} aria-label={t('invite.emailLabel')}>
          <MailIcon size={18} />
          {t('invite.email')}
        </a>
      </div>
    </section>
  );
}
