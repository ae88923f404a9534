// One group of the signed-in user (GET /api/me/groups item): status, progress with members' first
// names, deadline countdown, the user's place (held → "Pagar entrada"; paid → refund preference),
// the invite link, and once complete the voucher with its balance ("Pagar saldo").
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../button';
import { Countdown } from '../countdown';
import { ClockIcon, TicketIcon } from '../icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { isEntryPaid, isLiveHold } from '../../../core/groups/group-rules';
import { groupPath, groupsApi, paymentPath, type MyGroupItem, type RefundTo } from '../../lib/groups-api';
import { GroupProgress } from './group-progress';
import { InviteShare } from './invite-share';
import { RefundPreference } from './refund-preference';
import './i18n';

export function GroupStatusChip({ status }: { status: string }) {
  const { t } = useTranslation('group-card');
  return <span className={`status-chip status-chip--${status}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}

export function GroupCard({
  item,
  highlighted = false,
  compact = false,
  headingLevel = 2,
  onRefundSaved,
  now = Date.now(),
  children,
}: {
  item: MyGroupItem;
  highlighted?: boolean;
  compact?: boolean;
  headingLevel?: 2 | 3;
  onRefundSaved?: (membershipId: string, value: RefundTo) => void;
  now?: number;
  /** What a screen adds inside the card, after its state (e.g. /my-groups' "Onde está o dinheiro"). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('group-card');
  const locale = i18n.language;
  const navigate = useNavigate();
  const { group, membership, voucher } = item;
  const planName = group.plan?.name ?? t('card.unknownPlan');
  const titleId = `group-${group.id}-title`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const open = group.status === 'open';
  const held = isLiveHold(item, now);
  const paid = isEntryPaid(membership.status);
  const lapsed = membership.status === 'released' || (membership.status === 'pending_payment' && !held);
  const [retaking, setRetaking] = useState(false);

  const retake = async () => {
    setRetaking(true);
    try {
      const place = await groupsApi.join(group.id);
      notify.success(t('card.retaken'), t('card.retakenBody'));
      await navigate(paymentPath('entry', place.membership.id));
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('card.retakeError'), isApiError(error) ? error.message : undefined);
      setRetaking(false);
    }
  };

  return (
    <article
      id={`turma-${group.id}`}
      className={`group-card${highlighted ? ' group-card--highlight' : ''}${compact ? ' group-card--compact' : ''}`}
      aria-labelledby={titleId}
      tabIndex={highlighted ? -1 : undefined}
    >
      <header className="group-card__head">
        <div>
          <p className="group-card__eyebrow">{group.plan?.kind ? t(`card.kind.${group.plan.kind}`) : t('card.group')}</p>
          <Heading id={titleId} className="group-card__title">
            {compact ? <Link to={groupPath(group.id)}>{planName}</Link> : planName}
          </Heading>
        </div>
        <GroupStatusChip status={group.status} />
      </header>

      <GroupProgress paid={group.members_paid} size={group.group_size} placesLeft={open ? group.places_left : undefined} members={group.members} showSeats={!compact} />

      <dl className="facts">
        <div>
          <dt>{t('card.groupPrice')}</dt>
          <dd>
            {formatCents(group.price, locale)}
            {group.plan?.full_price && group.plan.full_price > group.price ? (
              <s className="facts__struck">
                <span className="sr-only">{t('card.fullPrice')}: </span>
                {formatCents(group.plan.full_price, locale)}
              </s>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('card.entry')}</dt>
          <dd>{formatCents(group.entry_price, locale)}</dd>
        </div>
        {open && (
          <div>
            <dt>{t('card.deadline')}</dt>
            <dd>
              <ClockIcon size={16} className="facts__icon" />
              <Countdown to={group.deadline} expiredText={t('card.deadlineEnded')} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('card.yourPlace')}</dt>
          <dd>
            <span className={`status-chip status-chip--${membership.status}`}>{t(`memberStatus.${membership.status}`, { defaultValue: membership.status })}</span>
          </dd>
        </div>
      </dl>

      {open && held && membership.hold_expires_at && (
        <div className="callout callout--accent" role="note">
          <p>
            {t('card.holdLabel')}{' '}
            <strong>
              <Countdown to={membership.hold_expires_at} variant="clock" />
            </strong>
            . {t('card.holdBody', { value: formatCents(group.entry_price, locale) })}
          </p>
          <ButtonLink to={paymentPath('entry', membership.id)} size="sm">
            {membership.pending_payment_id ? t('card.continuePayment') : t('card.payEntry')}
          </ButtonLink>
        </div>
      )}

      {open && lapsed && (
        <div className="callout" role="note">
          <p>{t('card.holdExpired')}</p>
          <Button size="sm" variant="secondary" onClick={() => void retake()} disabled={retaking}>
            {retaking ? t('card.retaking') : t('card.retake')}
          </Button>
        </div>
      )}

      {group.status === 'complete' && voucher && (
        <div className="voucher">
          <TicketIcon size={22} />
          <div className="voucher__body">
            <p className="voucher__title">
              {t('card.voucher')} <code className="voucher__code">{voucher.code}</code>{' '}
              <span className={`status-chip status-chip--${voucher.status}`}>{t(`voucherStatus.${voucher.status}`, { defaultValue: voucher.status })}</span>
            </p>
            {voucher.status === 'awaiting_balance' ? (
              <p>
                {t('card.balanceDue')}: <strong>{formatCents(voucher.balance_due, locale)}</strong>{' '}
                <span className="muted">{t('card.balanceMath', { price: formatCents(voucher.price, locale), entry: formatCents(voucher.entry_paid, locale) })}</span>
              </p>
            ) : (
              <p className="muted">{voucher.status === 'redeemable' ? t('card.redeemable') : t('card.redeemed')}</p>
            )}
          </div>
          {voucher.status === 'awaiting_balance' && (
            <ButtonLink to={paymentPath('balance', voucher.id)} size="sm">
              {t('card.payBalance')}
            </ButtonLink>
          )}
        </div>
      )}

      {group.status === 'complete' && !voucher && paid && <p className="muted">{t('card.completeNote')}</p>}
      {group.status === 'expired' && (
        <p className="callout" role="note">
          {membership.status === 'refunded'
            ? membership.refund_to === 'wallet'
              ? t('card.expiredWallet')
              : t('card.expiredRefund')
            : t('card.expiredNote')}
        </p>
      )}
      {group.status === 'cancelled' && <p className="callout">{t('card.cancelledNote')}</p>}
      {children}

      {!compact && open && (paid || held) && (
        <InviteShare
          invitePath={membership.invite_path}
          plan={{ name: planName, price: group.price, full_price: group.plan?.full_price ?? null, entry_price: group.entry_price }}
        />
      )}
      {compact && open && (paid || held) && (
        <InviteShare
          compact
          title={t('invite.titleCompact')}
          invitePath={membership.invite_path}
          plan={{ name: planName, price: group.price, full_price: group.plan?.full_price ?? null, entry_price: group.entry_price }}
        />
      )}

      {!compact && open && (paid || held) && (
        <RefundPreference membershipId={membership.id} value={membership.refund_to} onSaved={(value) => onRefundSaved?.(membership.id, value)} />
      )}
    </article>
  );
}
