// /join/:group_id/:referral_code: the invited group (plan, inviter's first name, x/N paid, places left, deadline) and
// "Entrar no grupo". Signed out, the invite is kept and recorded on the profile after sign-in; signed in, a place is
// held and the checkout continues at the address step. Closed, full and expired groups say why and offer others.
import './i18n';
import '../../components/groups/i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { Button, ButtonLink } from '../../components/button';
import { Countdown } from '../../components/countdown';
import { HashLink } from '../../components/hash-link';
import { AlertIcon, CheckIcon, ClockIcon, RefundIcon, ShieldIcon, UsersIcon } from '../../components/icons';
import { useSession } from '../../lib/session';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useApiQuery } from '../../lib/query';
import { isEntryPaid, isLiveHold } from '../../../core/groups/group-rules';
import { groupPath, groupKeys, groupsApi, paymentPath, type MyGroupItem, type PlaceView, type PublicGroup } from '../../lib/groups-api';
import { GroupProgress } from '../../components/groups/group-progress';
import { clearGroupReferral, readGroupReferral, storeGroupReferral } from '../../lib/referral-storage';
import { saveInviteCheckout, toCheckoutPlan } from '../../lib/checkout-state';
import { LoadingState } from '../../components/resource-states';
import { CampaignOfferBanner } from '../../components/campaigns/campaign-offer-banner';

type Closed = 'complete' | 'expired' | 'cancelled' | 'full';

function closedReason(group: PublicGroup): Closed | null {
  if (group.status === 'complete' || group.status === 'expired' || group.status === 'cancelled') return group.status;
  return group.places_left <= 0 ? 'full' : null;
}

export default function JoinPage() {
  const { t, i18n } = useTranslation(['groups', 'group-card']);
  const locale = i18n.language;
  const { group_id: groupId = '', referral_code: referralCode = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const { state, retry, reload } = useApiQuery(groupKeys.invite(groupId, referralCode), (signal) => groupsApi.get(groupId, referralCode, signal));
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<{ code: string; message: string } | null>(null);
  const [mine, setMine] = useState<MyGroupItem | null>(null);
  const [welcomeBack, setWelcomeBack] = useState(false);
  const recorded = useRef(false);
  const group = state.status === 'ready' ? state.data : null;
  useDocumentTitle(group?.plan ? t('join.docTitleWith', { plan: group.plan.name }) : t('join.docTitle'));

  // Back from /auth: record the invite on the profile once, then forget it locally.
  useEffect(() => {
    if (!signedIn || recorded.current) return;
    const stored = readGroupReferral();
    if (!stored) return;
    recorded.current = true;
    clearGroupReferral();
    if (stored.group_id === groupId) setWelcomeBack(true);
    groupsApi.recordReferral(stored.group_id, stored.referral_code).catch(() => undefined);
  }, [signedIn, groupId]);

  // Signed in: is the user in this group already? (A paid member sees their group, not the button.)
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    groupsApi.mine(controller.signal).then(
      (body) => setMine(body.items.find((item) => item.group.id === groupId) ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, groupId]);

  const continueWith = (place: PlaceView | MyGroupItem, publicGroup: PublicGroup) => {
    saveInviteCheckout({
      plan: publicGroup.plan ? toCheckoutPlan(publicGroup.plan) : null,
      groupId: publicGroup.id,
      referralCode,
      membership: {
        id: place.membership.id,
        hold_expires_at: place.membership.hold_expires_at,
        invite_path: place.membership.invite_path,
      },
    });
    void navigate('/checkout/address');
  };

  const onJoin = async () => {
    if (!group) return;
    if (!signedIn) {
      storeGroupReferral(group.id, referralCode);
      void navigate(`/auth?next=${encodeURIComponent(`/join/${groupId}/${referralCode}`)}`);
      return;
    }
    if (mine && isLiveHold(mine, Date.now())) {
      continueWith(mine, group);
      return;
    }
    setJoining(true);
    setJoinError(null);
    try {
      const place = await groupsApi.join(group.id, referralCode);
      notify.success(t('join.placeHeldTitle'), t('join.placeHeldBody'));
      continueWith(place, group);
    } catch (error) {
      setJoining(false);
      if (!isApiError(error) || error.isSessionExpired) {
        if (!isApiError(error)) notify.error(t('join.joinErrorTitle'));
        return;
      }
      if (error.code === 'already_member') {
        const body = await groupsApi.mine().catch(() => null);
        const item = body?.items.find((i) => i.group.id === group.id) ?? null;
        setMine(item);
        if (item && isLiveHold(item, Date.now())) {
          continueWith(item, group);
          return;
        }
      }
      setJoinError({ code: error.code, message: error.message });
      if (error.code === 'group_full' || error.code === 'group_closed') reload();
      else notify.error(t('join.joinErrorTitle'), error.message);
    }
  };

  if (state.status === 'loading') {
    return (
      <div className="container page">
        <LoadingState label={t('join.loading')} />
      </div>
    );
  }

  if (state.status === 'error') {
    const notFound = state.error.status === 404 || state.error.status === 400;
    return (
      <div className="container page page--narrow">
        <div className={`state-box${notFound ? '' : ' state-box--error'}`} role="alert">
          <AlertIcon size={28} />
          <h1 className="state-box__title">{notFound ? t('join.notFoundTitle') : t('join.errorTitle')}</h1>
          <p>{notFound ? t('join.notFoundBody') : state.error.message}</p>
          {notFound ? (
            <HashLink to="#planos" className="btn btn--primary btn--md">
              {t('join.seePlans')}
            </HashLink>
          ) : (
            <Button variant="secondary" onClick={retry}>
              {t('retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const g = state.data;
  const plan = g.plan;
  const closed = closedReason(g);
  const paidMember = mine && isEntryPaid(mine.membership.status);
  // The viewer opened their own invite link: not "<own name> convidou você".
  const ownInvite = Boolean(mine?.membership.invite_path?.toUpperCase().endsWith(`/${referralCode.toUpperCase()}`));
  const otherGroupState = plan ? { plan: toCheckoutPlan(plan) } : undefined;

  return (
    <div className="container page join">
      <section className="join__card" aria-labelledby="join-title">
        <p className="eyebrow">{t('join.eyebrow')}</p>
        <p className="join__invited">
          <span className="join__avatar" aria-hidden="true">
            {g.inviter_first_name.slice(0, 1).toUpperCase()}
          </span>
          {ownInvite ? t('join.ownInvite') : t('join.invitedBy', { name: g.inviter_first_name })}
        </p>
        <h1 id="join-title" className="join__title">
          {plan?.name ?? t('group-card:card.unknownPlan')}
        </h1>
        {plan?.description && <p className="muted join__description">{plan.description}</p>}

        {plan && (
          <div className="price-block">
            <p className="price-block__price">
              <span className="sr-only">{t('group-card:card.groupPrice')}: </span>
              {formatCents(plan.price, locale)}
            </p>
            {plan.full_price > plan.price && (
              <p className="price-block__full">
                <span className="sr-only">{t('group-card:card.fullPrice')}: </span>
                <s>{formatCents(plan.full_price, locale)}</s>
              </p>
            )}
            <p className="price-block__entry">{t('join.entry', { value: formatCents(plan.entry_price, locale) })}</p>
          </div>
        )}

        <GroupProgress paid={g.members_paid} size={g.group_size} placesLeft={g.status === 'open' ? g.places_left : undefined} members={g.members} />

        {g.status === 'open' && (
          <p className="join__deadline">
            <ClockIcon size={18} />
            <span>
              {t('join.deadline')}{' '}
              <strong>
                <Countdown to={g.deadline} expiredText={t('group-card:card.deadlineEnded')} />
              </strong>
            </span>
          </p>
        )}

        {welcomeBack && !closed && !paidMember && (
          <p className="form-notice" role="status">
            <CheckIcon size={18} />
            <span>{t('join.welcomeBack')}</span>
          </p>
        )}

        {paidMember ? (
          <div className="callout callout--accent" role="status">
            <p>{t('join.alreadyMember')}</p>
            <ButtonLink to={groupPath(g.id)} size="sm">
              {t('join.alreadyMemberCta')}
            </ButtonLink>
          </div>
        ) : closed ? (
          <div className="callout" role="alert">
            <p className="callout__title">{t(`join.closed.${closed}.title`)}</p>
            <p>{joinError && joinError.code !== 'group_full' && joinError.code !== 'group_closed' ? joinError.message : t(`join.closed.${closed}.body`)}</p>
            <div className="callout__actions">
              {plan && (
                <ButtonLink to="/checkout/participants" state={otherGroupState} size="sm">
                  {t('join.otherGroup')}
                </ButtonLink>
              )}
              <HashLink to="#planos" className="btn btn--ghost btn--sm">
                {t('join.seePlans')}
              </HashLink>
            </div>
          </div>
        ) : (
          <div className="join__cta">
            {mine && isLiveHold(mine, Date.now()) ? (
              <>
                <p className="muted">{t('join.placeHeldAlready')}</p>
                <Button size="lg" onClick={() => continueWith(mine, g)}>
                  {t('join.continuePayment')}
                </Button>
                <ButtonLink to={paymentPath('entry', mine.membership.id)} variant="ghost" size="sm">
                  {t('join.payNow')}
                </ButtonLink>
              </>
            ) : (
              <>
                <Button size="lg" onClick={() => void onJoin()} disabled={joining} aria-describedby="join-hint">
                  {joining ? t('join.joining') : t('join.cta')}
                </Button>
                <p id="join-hint" className="muted join__hint">
                  {signedIn ? t('join.hintSignedIn', { value: plan ? formatCents(plan.entry_price, locale) : '' }) : t('join.hintSignedOut')}
                </p>
                {joinError && (
                  <p className="field__error" role="alert">
                    <AlertIcon size={16} />
                    <span>{joinError.message}</span>
                  </p>
                )}
              </>
            )}
          </div>
        )}
      </section>

      <aside className="join__aside" aria-labelledby="join-how">
        <h2 id="join-how" className="join__aside-title">
          {t('join.howTitle')}
        </h2>
        <ul className="checklist" role="list">
          <li>
            <UsersIcon size={20} />
            <span>{t('join.how.entry', { size: g.group_size })}</span>
          </li>
          <li>
            <ShieldIcon size={20} />
            <span>{t('join.how.unlock')}</span>
          </li>
          <li>
            <RefundIcon size={20} />
            <span>{t('join.how.refund')}</span>
          </li>
        </ul>
        <CampaignOfferBanner compact className="join__offer" />
      </aside>
    </div>
  );
}
