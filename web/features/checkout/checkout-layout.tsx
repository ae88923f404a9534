// The group checkout's four steps (docs/product/spec.md §2) on the shared frame: a stepper (participants → plan → address →
// payment; done steps link back), the step's heading, and the order summary beside it (below on
// phones): plan, group price, struck full price, the entry paid now, the group and the hold.
import './i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../core/shared/money';
import type { CheckoutPlan } from '../../../core/identity/post-login-redirect';
import { Countdown } from '../../components/countdown';
import { CheckoutFrame as SharedFrame, Stepper as SharedStepper } from '../../components/checkout-frame';
import type { GroupChoice } from '../../lib/checkout-state';

export const STEPS = ['participants', 'plan', 'address', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export function Stepper({ current, plan, reachable }: { current: Step; plan: CheckoutPlan | null; reachable: readonly Step[] }) {
  const { t } = useTranslation('checkout');
  const steps = STEPS.map((step) => ({
    key: step,
    label: t(`steps.${step}`),
    ...(reachable.includes(step) ? { to: `/checkout/${step}`, state: plan ? { plan } : undefined } : {}),
  }));
  return (
    <SharedStepper
      steps={steps}
      current={current}
      label={t('steps.label')}
      compact={t('steps.compact', { n: STEPS.indexOf(current) + 1, total: STEPS.length, name: t(`steps.${current}`) })}
      doneLabel={t('steps.done')}
    />
  );
}

export function OrderSummary({
  plan,
  choice,
  holdExpiresAt,
  groupSize,
  amountNow,
}: {
  plan: CheckoutPlan | null;
  choice?: GroupChoice | null;
  holdExpiresAt?: string | null;
  groupSize?: number | null;
  /** What this step charges (the entry, or a balance). */
  amountNow?: { label: string; value: number } | null;
}) {
  const { t, i18n } = useTranslation('checkout');
  const locale = i18n.language;
  if (!plan && !amountNow) return null;
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="summary__title">
        {t('summary.title')}
      </h2>
      {plan && <p className="summary__plan">{plan.name}</p>}
      <dl className="summary__rows">
        {plan && (
          <div>
            <dt>{t('summary.groupPrice')}</dt>
            <dd>
              {plan.full_price && plan.full_price > plan.price && (
                <s className="summary__struck">
                  <span className="sr-only">{t('summary.fullPrice')}: </span>
                  {formatCents(plan.full_price, locale)}
                </s>
              )}{' '}
              {formatCents(plan.price, locale)}
            </dd>
          </div>
        )}
        {groupSize ? (
          <div>
            <dt>{t('summary.groupSize')}</dt>
            <dd>{t('summary.people', { count: groupSize })}</dd>
          </div>
        ) : null}
        {choice && (
          <div>
            <dt>{t('summary.group')}</dt>
            <dd>{t(`choice.${choice}.short`)}</dd>
          </div>
        )}
        <div className="summary__total">
          <dt>{amountNow?.label ?? t('summary.entryNow')}</dt>
          <dd>{formatCents(amountNow?.value ?? plan?.entry_price ?? 0, locale)}</dd>
        </div>
      </dl>
      {plan && !amountNow && <p className="summary__note">{t('summary.note', { balance: formatCents(Math.max(0, plan.price - plan.entry_price), locale) })}</p>}
      {holdExpiresAt && (
        <p className="summary__hold">
          {t('summary.hold')}{' '}
          <strong>
            <Countdown to={holdExpiresAt} variant="clock" expiredText={t('summary.holdExpired')} />
          </strong>
        </p>
      )}
    </aside>
  );
}

export function CheckoutFrame({
  step,
  title,
  lead,
  plan,
  reachable,
  summary,
  children,
}: {
  step: Step | null;
  title: string;
  lead?: ReactNode;
  plan: CheckoutPlan | null;
  reachable?: readonly Step[];
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SharedFrame stepper={step && <Stepper current={step} plan={plan} reachable={reachable ?? STEPS} />} title={title} lead={lead} summary={summary}>
      {children}
    </SharedFrame>
  );
}
