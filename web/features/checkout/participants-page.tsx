// Step 1, /checkout/participants: which group — a new one, an open one of the plan (auto-match),
// or, arriving from an invite, that group with its members, places left and deadline — and the
// optional friend invites (copy link, WhatsApp, e-mail) once a place gives the user a link.
import './i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Countdown } from '../../components/countdown';
import { HashLink } from '../../components/hash-link';
import { ClockIcon, TicketIcon } from '../../components/icons';
import { LoadingState } from '../../components/resource-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { useApiQuery } from '../../lib/query';
import { groupKeys, groupsApi } from '../../lib/groups-api';
import { GroupProgress } from '../../components/groups/group-progress';
import { InviteShare } from '../../components/groups/invite-share';
import { usePlanDetails } from './api';
import { CheckoutFrame, OrderSummary } from './checkout-layout';
import { livePlace, useCheckoutState, type GroupChoice } from '../../lib/checkout-state';
import { GroupChoicePicker } from './group-choice';

export default function ParticipantsPage() {
  const { t } = useTranslation('checkout');
  const { t: tc } = useTranslation();
  useDocumentTitle(t('participants.docTitle'));
  const navigate = useNavigate();
  const { state, update, known } = useCheckoutState();
  const now = useNow(5_000);
  const details = usePlanDetails(state.plan_id).state;
  const invite = state.invite;
  const inviteGroup = useApiQuery(groupKeys.invite(invite?.group_id ?? '', invite?.referral_code), (signal) =>
    invite ? groupsApi.get(invite.group_id, invite.referral_code, signal) : Promise.resolve(null),
  ).state;
  const place = livePlace(state, now);
  const plan = state.plan;
  const [choice, setChoice] = useState<GroupChoice>(state.choice ?? (invite ? 'invite' : 'auto'));

  // The heading and its lead are the same in every state (the server's frame, an empty tab, a plan chosen): the nodes
  // the server sent are kept through hydration (in an empty tab the lead is the largest text, on screen before the app).
  if (!known) {
    return (
      <CheckoutFrame step="participants" title={t('participants.title')} lead={t('participants.lead')} plan={null} reachable={[]}>
        <LoadingState label={tc('loading')} />
      </CheckoutFrame>
    );
  }

  if (!state.plan_id) {
    return (
      <CheckoutFrame step="participants" title={t('participants.title')} lead={t('participants.lead')} plan={null} reachable={[]}>
        <div className="state-box">
          <TicketIcon size={28} />
          <p className="state-box__title">{t('empty.title')}</p>
          <p>{t('empty.body')}</p>
          <HashLink to="#planos" className="btn btn--primary btn--md">
            {t('empty.cta')}
          </HashLink>
        </div>
      </CheckoutFrame>
    );
  }

  const planDetails = details.status === 'ready' ? details.data : null;
  const g = inviteGroup.status === 'ready' ? inviteGroup.data : null;
  const inviteOpen = g ? g.status === 'open' && g.places_left > 0 : true;

  const onContinue = () => {
    const next: GroupChoice = choice === 'invite' && !inviteOpen ? 'auto' : choice;
    update({ choice: next });
    void navigate(place ? '/checkout/address' : '/checkout/plan', { state: plan ? { plan } : { plan: { id: state.plan_id } } });
  };

  return (
    <CheckoutFrame
      step="participants"
      title={t('participants.title')}
      lead={t('participants.lead')}
      plan={plan}
      reachable={[]}
      summary={<OrderSummary plan={plan} choice={place ? state.choice : null} holdExpiresAt={place?.hold_expires_at} groupSize={planDetails?.group_size} />}
    >
      {invite && g && (
        <section className="panel invite-group" aria-labelledby="invite-group-title">
          <h2 id="invite-group-title" className="panel__heading">
            {t('participants.inviteGroup', { name: g.inviter_first_name })}
          </h2>
          <GroupProgress paid={g.members_paid} size={g.group_size} placesLeft={g.status === 'open' ? g.places_left : undefined} members={g.members} />
          {g.status === 'open' ? (
            <p className="join__deadline">
              <ClockIcon size={18} />
              <span>
                {t('participants.deadline')}{' '}
                <strong>
                  <Countdown to={g.deadline} />
                </strong>
              </span>
            </p>
          ) : null}
          {!inviteOpen && (
            <p className="callout" role="note">
              {t('participants.inviteClosed')}
            </p>
          )}
        </section>
      )}

      <section className="checkout__section" aria-labelledby="choice-title">
        <h2 id="choice-title" className="checkout__section-title">
          {t('participants.choiceTitle')}
        </h2>
        {place ? (
          <p className="callout callout--accent" role="note">
            {t('participants.placeHeld')}{' '}
            <strong>
              <Countdown to={place.hold_expires_at ?? ''} variant="clock" />
            </strong>
            .
          </p>
        ) : null}
        <GroupChoicePicker
          value={place ? state.choice : choice}
          onChange={setChoice}
          withInvite={Boolean(invite) && inviteOpen}
          inviterName={g?.inviter_first_name}
          disabled={Boolean(place)}
          labelledBy="choice-title"
        />
      </section>

      {place ? (
        <div className="checkout__section">
          <InviteShare
            headingLevel={2}
            invitePath={place.invite_path}
            plan={{ name: plan?.name ?? '', price: plan?.price, full_price: plan?.full_price, entry_price: plan?.entry_price }}
            title={t('participants.friendsTitle')}
          />
        </div>
      ) : (
        <section className="checkout__section" aria-labelledby="friends-title">
          <h2 id="friends-title" className="checkout__section-title">
            {t('participants.friendsTitle')}
          </h2>
          <p className="muted">{invite && choice === 'invite' ? t('participants.friendsInvite') : t('participants.friendsLater')}</p>
          {invite && choice === 'invite' && inviteOpen && (
            <InviteShare
              compact
              invitePath={`/join/${invite.group_id}/${invite.referral_code}`}
              plan={{ name: plan?.name ?? '', price: plan?.price, full_price: plan?.full_price, entry_price: plan?.entry_price }}
              title={t('participants.groupLink')}
            />
          )}
        </section>
      )}

      <div className="checkout__actions">
        <Button size="lg" onClick={onContinue}>
          {place ? t('participants.continueHeld') : t('participants.continue')}
        </Button>
      </div>
    </CheckoutFrame>
  );
}
