// /my-groups: every group of the user (open first, then history) with progress, first names, invite link and refund
// preference, drawn at once when groups, vouchers and each card's money are known (a skeleton before: nothing moves).
// `?grupo=<id>` (where a confirmed payment and the notifications lead) scrolls to and marks that group.
import './i18n';
import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button';
import { HashLink } from '../../components/hash-link';
import { UsersIcon } from '../../components/icons';
import { useNow } from '../../lib/use-now';
import { useApiQuery } from '../../lib/query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isActiveMembership } from '../../../core/groups/group-rules';
import { groupKeys, groupsApi, type MyGroupItem } from '../../lib/groups-api';
import { GroupCard } from '../../components/groups/group-card';
import { ErrorState } from '../../components/resource-states';
import { MemberVouchers } from '../../components/vouchers/member-vouchers';
import { voucherKeys, vouchersApi } from '../../components/vouchers/api';
import { EscrowSection, escrowKey, loadEscrow } from './escrow-section';
import { WithdrawalSection } from './withdrawal-section';

/** Active memberships (core's one rule) come first; the rest is history. */
export function splitGroups(items: readonly MyGroupItem[], now: number) {
  const active: MyGroupItem[] = [];
  const history: MyGroupItem[] = [];
  for (const item of items) (isActiveMembership(item, now) ? active : history).push(item);
  return { active, history };
}

/** The list's place while it loads: a group card's size, so the footer stays where the content will push it. */
function GroupsSkeleton({ label }: { label: string }) {
  return (
    <div className="my-groups__skeleton" role="status" aria-label={label}>
      <div className="skeleton skeleton--title" />
      <div className="group-card my-groups__skeleton-card" aria-hidden="true">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line" />
      </div>
    </div>
  );
}

export default function MyGroupsPage() {
  const { t } = useTranslation('groups');
  useDocumentTitle(t('myGroups.docTitle'));
  const [params] = useSearchParams();
  const highlight = params.get('grupo');
  const now = useNow(30_000);
  const { state, retry, reload, mutate } = useApiQuery(groupKeys.mine(), (signal) => groupsApi.mine(signal), { refetchOnWindowFocus: true });

  // The vouchers (above the list) and each card's money are fetched alongside, in the same cache their sections
  // read: drawn as they came, the vouchers section would push the list down and each card would grow.
  const vouchers = useApiQuery(voucherKeys.mine(), (signal) => vouchersApi.mine(signal));
  const escrows = useQueries({
    queries: (state.status === 'ready' ? state.data.items : []).map((item) => ({
      queryKey: escrowKey(item.group.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadEscrow(item.group.id, signal),
    })),
  });
  const settled = vouchers.state.status !== 'loading' && escrows.every((q) => q.data !== undefined || q.isError);
  const ready = state.status === 'ready' && settled;
  useEffect(() => {
    if (!ready || !highlight) return;
    const target = document.getElementById(`turma-${highlight}`);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, highlight]);

  const onRefundSaved = (membershipId: string, value: 'original' | 'wallet') =>
    mutate((data) => ({
      ...data,
      items: data.items.map((item) => (item.membership.id === membershipId ? { ...item, membership: { ...item.membership, refund_to: value } } : item)),
    }));

  // After a withdrawal the button goes at once; the list is read again in the background (the place refunded).
  const onWithdrawn = (membershipId: string) => {
    mutate((data) => ({
      ...data,
      items: data.items.map((item) => (item.membership.id === membershipId ? { ...item, membership: { ...item.membership, withdrawal_deadline: null } } : item)),
    }));
    reload();
  };

  const groups = state.status === 'ready' && settled ? splitGroups(state.data.items, now) : null;

  return (
    <div className="container page">
      <header className="page__head">
        <div>
          <h1>{t('myGroups.title')}</h1>
          <p className="muted">{t('myGroups.lead')}</p>
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/payment-history" variant="ghost" size="sm">
            {t('myGroups.paymentHistory')}
          </ButtonLink>
        </div>
      </header>

      {(state.status === 'loading' || (state.status === 'ready' && !settled)) && <GroupsSkeleton label={t('myGroups.loading')} />}

      {state.status === 'error' && (
        <ErrorState title={t('myGroups.errorTitle')} message={state.error.message} retryLabel={t('retry')} onRetry={retry} />
      )}

      {groups && groups.active.length === 0 && groups.history.length === 0 && (
        <div className="state-box">
          <UsersIcon size={28} />
          <p className="state-box__title">{t('myGroups.emptyTitle')}</p>
          <p>{t('myGroups.emptyBody')}</p>
          <HashLink to="#planos" className="btn btn--primary btn--md">
            {t('myGroups.emptyCta')}
          </HashLink>
        </div>
      )}

      {groups && (groups.active.length > 0 || groups.history.length > 0) && <MemberVouchers />}

      {groups && groups.active.length > 0 && (
        <section className="page__section" aria-labelledby="groups-active">
          <h2 id="groups-active" className="page__section-title">
            {t('myGroups.active')} <span className="count-badge">{groups.active.length}</span>
          </h2>
          <ul className="group-list" role="list">
            {groups.active.map((item) => (
              <li key={item.membership.id}>
                <GroupCard item={item} highlighted={item.group.id === highlight} headingLevel={3} onRefundSaved={onRefundSaved} now={now}>
                  <EscrowSection groupId={item.group.id} />
                  <WithdrawalSection item={item} now={now} onWithdrawn={onWithdrawn} />
                </GroupCard>
              </li>
            ))}
          </ul>
        </section>
      )}

      {groups && groups.active.length === 0 && groups.history.length > 0 && (
        <div className="callout">
          <p>{t('myGroups.noActive')}</p>
          <HashLink to="#planos" className="btn btn--primary btn--sm">
            {t('myGroups.emptyCta')}
          </HashLink>
        </div>
      )}

      {groups && groups.history.length > 0 && (
        <section className="page__section" aria-labelledby="groups-history">
          <h2 id="groups-history" className="page__section-title">
            {t('myGroups.history')} <span className="count-badge">{groups.history.length}</span>
          </h2>
          <p className="muted">{t('myGroups.historyLead')}</p>
          <ul className="group-list" role="list">
            {groups.history.map((item) => (
              <li key={item.membership.id}>
                <GroupCard item={item} highlighted={item.group.id === highlight} headingLevel={3} onRefundSaved={onRefundSaved} now={now}>
                  <EscrowSection groupId={item.group.id} />
                  <WithdrawalSection item={item} now={now} onWithdrawn={onWithdrawn} />
                </GroupCard>
              </li>
            ))}
          </ul>
        </section>
      )}

      {groups && (groups.active.length > 0 || groups.history.length > 0) && (
        <p className="muted page__foot">
          {t('myGroups.footer')} <Link to="/notifications">{t('myGroups.notifications')}</Link>
        </p>
      )}
    </div>
  );
}
