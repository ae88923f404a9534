// Flow: groups past their window expire (docs/product/group-purchase.md). Each expiry is a conditional move (of two runners only one
// wins); holds are released and every paid entry goes back — refunded through the provider (a job enqueued in the same
// transaction) or credited to the wallet when the member chose so. Crosses groups, payments, wallet and notifications.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { GroupRecord } from '../groups';
import { notify } from '../notifications';
import { requestRefund } from '../payments';
import { cancelPendingEntry } from './complete-group.flow';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { PaymentsScope } from '../payments/ports';
import type { WalletScope } from '../wallet/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import { groupCommands } from '../groups';

/** The tables expiring a group reads and writes: its members, their payments (refunds) and the wallet. */
type ExpireGroupsScope = GroupsScope & PaymentsScope & WalletScope & NotificationsScope & AuditScope & CatalogScope & IdentityScope;

export interface ExpireGroupsResult {
  expired: number;
  refunds_marked: number;
  wallet_credits: number;
  expiredGroupIds: string[];
}

export class ExpireGroupsFlow {
  constructor(
    private readonly uow: UnitOfWork<ExpireGroupsScope>,
    private readonly clock: Clock,
  ) {}

  /** The `expire_groups` job: every open group past its deadline. */
  async run(limit = 200): Promise<ExpireGroupsResult> {
    const now = this.clock.now();
    const due = await this.uow.repos.groups.groups.listPastDeadline(now, limit);
    const result: ExpireGroupsResult = { expired: 0, refunds_marked: 0, wallet_credits: 0, expiredGroupIds: [] };
    for (const g of due) await this.expireOne(g, now, result);
    return result;
  }

  /** Operators: expire one group now (CLI `turma groups expire <id>`), whatever its deadline. */
  async expireNow(groupId: string): Promise<ExpireGroupsResult> {
    const group = isId(groupId) ? await this.uow.repos.groups.groups.findById(groupId) : null;
    if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
    if (group.status !== 'open') throw conflict('group_closed', 'Só turmas abertas podem expirar.');
    const now = this.clock.now();
    await this.uow.run((tx) => groupCommands(tx).moveDeadline(group.id, now));
    const result: ExpireGroupsResult = { expired: 0, refunds_marked: 0, wallet_credits: 0, expiredGroupIds: [] };
    await this.expireOne(group, now, result);
    return result;
  }

  /**
   * Back office: cancels an open group with a reason — the same end as an expiry (holds released, every paid entry
   * refunded through the provider or credited to the wallet as its member chose), audited with the operator.
   */
  async cancel(groupId: string, reason: string, actor: { id: string; email: string }): Promise<ExpireGroupsResult> {
    const group = isId(groupId) ? await this.uow.repos.groups.groups.findById(groupId) : null;
    if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
    if (group.status !== 'open') throw conflict('group_closed', 'Só turmas abertas podem ser canceladas.');
    const result: ExpireGroupsResult = { expired: 0, refunds_marked: 0, wallet_credits: 0, expiredGroupIds: [] };
    await this.expireOne(group, this.clock.now(), result, { status: 'cancelled', reason, actor });
    if (result.expired === 0) throw conflict('group_closed', 'A turma mudou de estado enquanto isso. Tente de novo.');
    return result;
  }

  private async expireOne(g: GroupRecord, now: Date, result: ExpireGroupsResult, end: { status: 'expired' } | { status: 'cancelled'; reason: string; actor: { id: string; email: string } } = { status: 'expired' }) {
    const why = end.status === 'cancelled' ? 'turma cancelada' : 'turma expirada';
    await this.uow.run(async (tx) => {
      // expired_at records when the group ended, whichever way.
      if (!(await groupCommands(tx).end(g.id, end.status, now))) return;
      result.expired++;
      result.expiredGroupIds.push(g.id);
      const plan = await tx.catalog.plans.findById(g.plan_id);
      const planName = plan?.name ?? 'plano';
      const members = await tx.groups.members.listForGroup(g.id);
      for (const m of members) {
        if (m.status === 'pending_payment') {
          // Its pending entry charge is cancelled at the provider: the group it was for has ended.
          if (await groupCommands(tx).releasePlace(m.id, now)) await cancelPendingEntry(tx, m.id, `vaga liberada: ${why}`);
          continue;
        }
        if (m.status !== 'paid') continue;
        if (!(await groupCommands(tx).refundMember(m.id, 'paid', now))) continue;
        const payment = await tx.payments.payments.findConfirmedFor('entry', m.id);
        const toWallet = m.refund_to === 'wallet';
        if (payment && toWallet) {
          if (await tx.wallet.add({ user_id: m.user_id, amount: payment.amount, kind: 'entry_credit', description: `Entrada da turma de ${planName} (${why})`, ref: `entry:${m.id}` })) result.wallet_credits++;
        } else if (payment && (await requestRefund(tx, payment, why))) {
          result.refunds_marked++;
        }
        await tx.notifications.create(notify.groupExpired(m.user_id, m.id, g.id, planName, payment?.amount ?? g.entry_price, toWallet));
      }
      if (end.status === 'cancelled') {
        await tx.audit.append({
          action: 'group.cancelled',
          actor_user_id: end.actor.id,
          actor_email: end.actor.email,
          entity_type: 'group',
          entity_id: g.id,
          metadata: { reason: end.reason, members: members.length, before: { status: 'open' }, after: { status: 'cancelled' } },
        });
      } else {
        await tx.audit.append({ action: 'group.expired', actor_email: 'sistema', entity_type: 'group', entity_id: g.id, metadata: { members: members.length } });
      }
    });
  }
}
