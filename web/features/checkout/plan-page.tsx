// Step 2, /checkout/plan (docs/product/checkout.md#plan): the plan from navigation state (or only `{ id }` after a login,
// the catalogue filling in the rest), its prices, group size and window, the group choice when step 1 was skipped, and
// "Confirmar e reservar vaga", where the place is taken.
import './i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { discountPercent } from '../../../core/catalog/entry-price';
import { Button, ButtonLink } from '../../components/button';
import { HashLink } from '../../components/hash-link';
import { AlertIcon, ClockIcon, RefundIcon, TicketIcon, UsersIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { groupPath } from '../../lib/groups-api';
import { usePlanDetails } from './api';
import { CheckoutFrame, OrderSummary } from './checkout-layout';
import { livePlace, toCheckoutPlan, useCheckoutState, type GroupChoice } from '../../lib/checkout-state';
import { GroupChoicePicker } from './group-choice';
import { takePlace } from './take-place';
import { LoadingState } from '../../components/resource-states';

export default function PlanPage() {
  const { t, i18n } = useTranslation('checkout');
  const locale = i18n.language;
  useDocumentTitle(t('plan.docTitle'));
  const navigate = useNavigate();
  const { state, update } = useCheckoutState();
  const now = useNow(5_000);
  const { state: details, retry } = usePlanDetails(state.plan_id);
  const place = livePlace(state, now);
  const [choice, setChoice] = useState<GroupChoice>(state.choice ?? (state.invite ? 'invite' : 'auto'));
  const [taking, setTaking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paidGroup, setPaidGroup] = useState<string | null>(null);

  // The catalogue's answer is the truth for price and entry: refresh the docs/product/spec.md §3 snapshot with it.
  const fetched = details.status === 'ready' ? details.data : null;
  useEffect(() => {
    if (fetched) update({ plan: toCheckoutPlan(fetched), plan_id: fetched.id });
  }, [fetched, update]);

  const plan = fetched ? toCheckoutPlan(fetched) : state.plan;

  if (!state.plan_id) {
    return (
      <CheckoutFrame step="plan" title={t('plan.title')} plan={null} reachable={[]}>
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

  if (details.status === 'error') {
    const gone = details.error.status === 404 || details.error.status === 400;
    return (
      <CheckoutFrame step="plan" title={t('plan.title')} plan={null} reachable={['participants']}>
        <div className={`state-box${gone ? '' : ' state-box--error'}`} role="alert">
          <AlertIcon size={28} />
          <p className="state-box__title">{gone ? t('plan.goneTitle') : t('plan.errorTitle')}</p>
          <p>{gone ? t('plan.goneBody') : details.error.message}</p>
          {gone ? (
            <HashLink to="#planos" className="btn btn--primary btn--md">
              {t('empty.cta')}
            </HashLink>
          ) : (
            <Button variant="secondary" onClick={retry}>
              {t('retry')}
            </Button>
          )}
        </div>
      </CheckoutFrame>
    );
  }

  if (!plan) {
    return (
      <CheckoutFrame step="plan" title={t('plan.title')} plan={null} reachable={['participants']}>
        <LoadingState label={t('plan.loading')} />
      </CheckoutFrame>
    );
  }

  const confirm = async () => {
    if (place) {
      void navigate('/checkout/address');
      return;
    }
    setTaking(true);
    setRefusal(null);
    try {
      const result = await takePlace(plan.id, choice, state.invite);
      if (result.kind === 'held') {
        update({ choice, place: result.place, plan, plan_id: plan.id });
        if (result.reused) notify.info(t('plan.reusedTitle'), t('plan.reusedBody'));
        else notify.success(t('plan.heldTitle'), t('plan.heldBody'));
        void navigate('/checkout/address');
        return;
      }
      if (result.kind === 'paid') setPaidGroup(result.groupId);
      else setRefusal(result.message);
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) return;
      const message = isApiError(error) ? error.message : t('plan.takeError');
      // A full or closed invite group: offer the other ways in.
      if (isApiError(error) && (error.code === 'group_full' || error.code === 'group_closed') && choice === 'invite') {
        setChoice('auto');
        update({ invite: null });
      }
      setRefusal(message);
      notify.error(t('plan.takeErrorTitle'), message);
    }
    setTaking(false);
  };

  const discount = discountPercent(plan);
  const askChoice = !place && !state.choice;

  return (
    <CheckoutFrame
      step="plan"
      title={t('plan.title')}
      lead={t('plan.lead')}
      plan={plan}
      reachable={['participants']}
      summary={<OrderSummary plan={plan} choice={place ? state.choice : choice} holdExpiresAt={place?.hold_expires_at} groupSize={fetched?.group_size} />}
    >
      <section className="panel plan-review" aria-labelledby="plan-name">
        <p className="group-card__eyebrow">{fetched?.category?.name ?? (fetched ? t(`plan.kind.${fetched.kind}`) : t('plan.kindUnknown'))}</p>
        <h2 id="plan-name" className="plan-review__name">
          {plan.name}
        </h2>
        {plan.description && <p className="muted">{plan.description}</p>}
        <div className="price-block">
          <p className="price-block__price">
            <span className="sr-only">{t('summary.groupPrice')}: </span>
            {formatCents(plan.price, locale)}
          </p>
          {plan.full_price && plan.full_price > plan.price ? (
            <p className="price-block__full">
              <span className="sr-only">{t('summary.fullPrice')}: </span>
              <s>{formatCents(plan.full_price, locale)}</s>
            </p>
          ) : null}
          {discount > 0 && <span className="chip">{t('plan.discount', { percent: discount })}</span>}
        </div>
        <dl className="facts facts--plan">
          <div>
            <dt>{t('plan.entry')}</dt>
            <dd>{formatCents(plan.entry_price, locale)}</dd>
          </div>
          <div>
            <dt>{t('plan.balance')}</dt>
            <dd>{formatCents(Math.max(0, plan.price - plan.entry_price), locale)}</dd>
          </div>
          <div>
            <dt>
              <UsersIcon size={16} className="facts__icon" /> {t('plan.groupSize')}
            </dt>
            <dd>{fetched ? t('summary.people', { count: fetched.group_size }) : '—'}</dd>
          </div>
          <div>
            <dt>
              <ClockIcon size={16} className="facts__icon" /> {t('plan.window')}
            </dt>
            <dd>{fetched ? t('plan.days', { count: fetched.window_days }) : '—'}</dd>
          </div>
        </dl>
        <p className="plan-review__refund">
          <RefundIcon size={18} />
          <span>{t('plan.refund')}</span>
        </p>
      </section>

      <section className="checkout__section" aria-labelledby="plan-choice-title">
        <h2 id="plan-choice-title" className="checkout__section-title">
          {t('plan.choiceTitle')}
        </h2>
        {askChoice ? (
          <GroupChoicePicker value={choice} onChange={setChoice} withInvite={Boolean(state.invite)} disabled={taking} labelledBy="plan-choice-title" />
        ) : (
          <p className="choice-summary">
            <span>{t(`choice.${place ? (state.choice ?? choice) : choice}.short`)}</span>
            {!place && (
              <Link to="/checkout/participants" state={{ plan }}>
                {t('plan.changeChoice')}
              </Link>
            )}
          </p>
        )}
      </section>

      {paidGroup && (
        <div className="callout callout--accent" role="alert">
          <p>{t('plan.alreadyPaid')}</p>
          <ButtonLink to={groupPath(paidGroup)} size="sm">
            {t('plan.seeGroup')}
          </ButtonLink>
        </div>
      )}
      {refusal && (
        <p className="field__error" role="alert">
          <AlertIcon size={16} />
          <span>{refusal}</span>
        </p>
      )}

      <div className="checkout__actions">
        <Button size="lg" onClick={() => void confirm()} disabled={taking}>
          {taking ? t('plan.taking') : place ? t('plan.continueHeld') : t('plan.confirm')}
        </Button>
        <p className="muted checkout__actions-hint">{place ? t('plan.heldHint') : t('plan.confirmHint')}</p>
      </div>
    </CheckoutFrame>
  );
}
