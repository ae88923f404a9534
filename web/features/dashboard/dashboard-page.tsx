// /dashboard (and /dashboard/user): the user's home behind the payment gate
// (docs/product/screens.md#user-dashboard-and-the-payment-gate): the catalogue and a call to pay an entry before a first
// confirmed entry; then payments due, groups, vouchers and notifications. A followed group invite is resumed here.
import './i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatCents } from '../../../core/shared/money';
import { ButtonLink } from '../../components/button';
import { Countdown } from '../../components/countdown';
import { HashLink } from '../../components/hash-link';
import { BellIcon, LockIcon, UsersIcon, WalletIcon } from '../../components/icons';
import { useAppEvent } from '../../lib/app-events';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { useApiQuery } from '../../lib/query';
import { firstName } from '../../lib/account-api';
import { useSession } from '../../lib/session';
import { chargeDue, isActiveMembership, isEntryPaid } from '../../../core/groups/group-rules';
import { groupKeys, groupsApi, paymentPath, type MyGroupItem } from '../../lib/groups-api';
import { GroupCard } from '../../components/groups/group-card';
import { invitePathOf, readGroupReferral } from '../../lib/referral-storage';
import { usePlans } from '../../lib/plans-api';
import { PlansSection } from '../../components/plans/plans-section';
import { notificationKeys, notificationsApi, safeLink } from '../../lib/notifications-api';
import { relativeTime } from '../../lib/relative-time';
import { LoadingState, ErrorState, InlineError, InlineLoading } from '../../components/resource-states';
import { MemberVouchers } from '../../components/vouchers/member-vouchers';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  useDocumentTitle(tc('screens.dashboard'));
  const session = useSession();
  const navigate = useNavigate();
  const name = session.status === 'signedIn' ? firstName(session.user) : '';
  const now = useNow(30_000);
  const groups = useApiQuery(groupKeys.mine(), (signal) => groupsApi.mine(signal));
  useAppEvent('groups-changed', groups.reload);

  // A group invite followed while signed out (then signed up and confirmed): back to it.
  useEffect(() => {
    const stored = readGroupReferral();
    if (stored) void navigate(invitePathOf(stored), { replace: true });
  }, [navigate]);

  const items = groups.state.status === 'ready' ? groups.state.data.items : [];
  const gated = groups.state.status === 'ready' && !items.some((item) => isEntryPaid(item.membership.status));

  return (
    <>
      <div className="container page dashboard">
        <header className="page__head">
          <div>
            <h1>{t('greeting', { name })}</h1>
            <p className="muted">{gated ? t('gate.lead') : t('lead')}</p>
          </div>
          {!gated && groups.state.status === 'ready' && (
            <nav className="page__head-actions" aria-label={t('shortcuts')}>
              <ButtonLink to="/my-groups" variant="ghost" size="sm">
                <UsersIcon size={16} />
                {t('links.groups')}
              </ButtonLink>
              <ButtonLink to="/payment-history" variant="ghost" size="sm">
                <WalletIcon size={16} />
                {t('links.payments')}
              </ButtonLink>
              <ButtonLink to="/notifications" variant="ghost" size="sm">
                <BellIcon size={16} />
                {t('links.notifications')}
              </ButtonLink>
            </nav>
          )}
        </header>

        {groups.state.status === 'loading' && (
          <LoadingState label={t('loading')} />
        )}

        {groups.state.status === 'error' && (
          <ErrorState title={t('error')} message={groups.state.error.message} retryLabel={t('retry')} onRetry={groups.retry} />
        )}

        {gated && <Gate items={items} now={now} />}
        {groups.state.status === 'ready' && !gated && <Home items={items} now={now} />}
      </div>
      {gated && <Catalogue />}
    </>
  );
}

/** Before the first confirmed entry: the call to pay one, and the places already held. */
function Gate({ items, now }: { items: MyGroupItem[]; now: number }) {
  const { t } = useTranslation('dashboard');
  const held = items.filter((item) => chargeDue(item, now) === 'entry');
  return (
    <>
      <section className="gate" aria-labelledby="gate-title">
        <span className="gate__icon" aria-hidden="true">
          <LockIcon size={26} />
        </span>
        <div>
          <h2 id="gate-title" className="gate__title">
            {t('gate.title')}
          </h2>
          <p className="muted">{t('gate.body')}</p>
          <ol className="gate__steps">
            <li>{t('gate.step1')}</li>
            <li>{t('gate.step2')}</li>
            <li>{t('gate.step3')}</li>
          </ol>
        </div>
        {held.length === 0 && (
          <HashLink to="#planos" page="/dashboard" className="btn btn--primary btn--md gate__cta">
            {t('gate.cta')}
          </HashLink>
        )}
      </section>

      {held.length > 0 && (
        <section className="page__section" aria-labelledby="held-title">
          <h2 id="held-title" className="page__section-title">
            {t('held.title')}
          </h2>
          <ul className="group-list group-list--grid" role="list">
            {held.map((item) => (
              <li key={item.membership.id}>
                <GroupCard item={item} compact headingLevel={3} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Credit from a group that expired (or a bonus) is the member's before any entry counts: shown when there is some. */}
      <WalletPanel onlyWithEntries />
    </>
  );
}

function Catalogue() {
  const { state, retry } = usePlans();
  return <PlansSection state={state} onRetry={retry} />;
}

/** After the gate: what is due, my groups, vouchers and the latest notifications. */
function Home({ items, now }: { items: MyGroupItem[]; now: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.language;
  const held = items.filter((item) => chargeDue(item, now) === 'entry');
  const balances = items.filter((item) => chargeDue(item, now) === 'balance');
  const active = items.filter((item) => isActiveMembership(item, now));

  return (
    <div className="dashboard__grid">
      <div className="dashboard__main">
        {(held.length > 0 || balances.length > 0) && (
          <section className="page__section" aria-labelledby="due-title">
            <h2 id="due-title" className="page__section-title">
              {t('due.title')}
            </h2>
            <ul className="due-list" role="list">
              {held.map((item) => (
                <li key={`h-${item.membership.id}`} className="due">
                  <div>
                    <p className="due__title">{t('due.entry', { plan: item.group.plan?.name ?? '' })}</p>
                    <p className="muted">
                      {formatCents(item.group.entry_price, locale)} · {t('due.holdLeft')}{' '}
                      <Countdown to={item.membership.hold_expires_at ?? ''} variant="clock" />
                    </p>
                  </div>
                  <ButtonLink to={paymentPath('entry', item.membership.id)} size="sm">
                    {t('due.payEntry')}
                  </ButtonLink>
                </li>
              ))}
              {balances.map((item) => (
                <li key={`b-${item.voucher!.id}`} className="due">
                  <div>
                    <p className="due__title">{t('due.balance', { plan: item.group.plan?.name ?? '' })}</p>
                    <p className="muted">{t('due.balanceBody', { value: formatCents(item.voucher!.balance_due, locale) })}</p>
                  </div>
                  <ButtonLink to={paymentPath('balance', item.voucher!.id)} size="sm">
                    {t('due.payBalance')}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="page__section" aria-labelledby="mine-title">
          <div className="page__section-head">
            <h2 id="mine-title" className="page__section-title">
              {t('groups.title')}
            </h2>
            <Link to="/my-groups">{t('groups.all')}</Link>
          </div>
          {active.length === 0 ? (
            <div className="callout">
              <p>{t('groups.none')}</p>
              <HashLink to="#planos" className="btn btn--primary btn--sm">
                {t('groups.start')}
              </HashLink>
            </div>
          ) : (
            <ul className="group-list group-list--grid" role="list">
              {active.map((item) => (
                <li key={item.membership.id}>
                  <GroupCard item={item} compact headingLevel={3} now={now} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <MemberVouchers />
      </div>

      <aside className="dashboard__aside">
        <RecentNotifications />
        <WalletPanel />
        <section className="panel dashboard__more" aria-labelledby="more-title">
          <h2 id="more-title" className="panel__heading">
            {t('more.title')}
          </h2>
          <p className="muted">{t('more.body')}</p>
          <HashLink to="#planos" className="btn btn--secondary btn--sm">
            {t('more.cta')}
          </HashLink>
        </section>
      </aside>
    </div>
  );
}

/**
 * The wallet: credit from expired groups kept as credit, referral bonuses, credit used and returned; balance and the
 * newest entries. `onlyWithEntries` (behind the gate): nothing at all until the wallet has an entry.
 */
function WalletPanel({ onlyWithEntries = false }: { onlyWithEntries?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.language;
  const { state, retry, reload } = useApiQuery(groupKeys.wallet(), (signal) => groupsApi.wallet(signal));
  // A credit arrives with a notification (an expired group, a bonus): read the wallet again then.
  useAppEvent('notifications-changed', reload);
  if (onlyWithEntries && !(state.status === 'ready' && state.data.items.length > 0)) return null;
  return (
    <section className={onlyWithEntries ? 'panel wallet page__section' : 'panel wallet'} aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="panel__heading">
        <WalletIcon size={18} /> {t('wallet.title')}
      </h2>
      {state.status === 'loading' && <InlineLoading label={t('wallet.loading')} />}
      {state.status === 'error' && <InlineError message={t('wallet.error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <p className="wallet__balance">
            <span className="muted">{t('wallet.balance')}</span> <strong>{formatCents(state.data.balance, locale)}</strong>
          </p>
          {state.data.items.length === 0 ? (
            <p className="muted">{t('wallet.empty')}</p>
          ) : (
            <ul className="wallet__list" role="list">
              {state.data.items.slice(0, 3).map((entry) => (
                <li key={entry.id} className="wallet__entry">
                  <span>
                    {/* A 'spend' entry above zero gives credit back (a cancelled or refunded payment). */}
                    {t(entry.kind === 'spend' && entry.amount > 0 ? 'wallet.kinds.spend_return' : `wallet.kinds.${entry.kind}`)}
                    <time className="recent__time" dateTime={entry.created_at}>
                      {' · '}
                      {new Date(entry.created_at).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' })}
                    </time>
                  </span>
                  <strong className={entry.amount < 0 ? 'wallet__amount wallet__amount--out' : 'wallet__amount'}>
                    {entry.amount > 0 ? '+' : ''}
                    {formatCents(entry.amount, locale)}
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RecentNotifications() {
  const { t, i18n } = useTranslation('dashboard');
  const { state, retry, reload } = useApiQuery(notificationKeys.list(1, 5), (signal) => notificationsApi.list(1, 5, signal));
  useAppEvent('notifications-changed', reload);
  const now = useNow(30_000);
  return (
    <section className="panel recent" aria-labelledby="recent-title">
      <div className="page__section-head">
        <h2 id="recent-title" className="panel__heading">
          {t('notifications.title')}
        </h2>
        <Link to="/notifications">{t('notifications.all')}</Link>
      </div>
      {state.status === 'loading' && <InlineLoading label={t('notifications.loading')} />}
      {state.status === 'error' && <InlineError message={t('notifications.error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && state.data.items.length === 0 && <p className="muted">{t('notifications.empty')}</p>}
      {state.status === 'ready' && state.data.items.length > 0 && (
        <ul className="recent__list" role="list">
          {state.data.items.map((item) => {
            const link = safeLink(item.link);
            return (
              <li key={item.id} className={item.read_at ? 'recent__item' : 'recent__item recent__item--unread'}>
                {!item.read_at && <span className="unread-dot" aria-hidden="true" />}
                <div>
                  <p className="recent__title">
                    {!item.read_at && <span className="sr-only">{t('notifications.unread')} </span>}
                    {link ? <Link to={link}>{item.title}</Link> : item.title}
                  </p>
                  <p className="recent__body">{item.body}</p>
                  <time className="recent__time" dateTime={item.created_at}>
                    {relativeTime(item.created_at, i18n.language, now)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
