// Group use cases (docs/product/group-purchase.md): create, join by invite or auto-match, the public invite view, my groups, and the
// scheduled moves (hold release, reminders); expiry with refunds is a flow (core/flows/expire-groups.flow.ts). Every change runs in one unit of work under a row lock.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { secureRandom } from '../shared/random';
import type { GroupRecord, MemberRecord, MemberWithName } from './ports';
import { computeEntryPrice } from '../catalog';
import { notify } from '../notifications';
import { requestChargeCancel, saoPauloDate } from '../payments';
import { boletoHoldLapsedEmail } from './group-emails';
import { groupCommands } from './group-commands';
import { withdrawableAmount, withdrawalDeadlineFor } from './withdrawal-rules';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import {
  HOLD_MINUTES,
  REMINDER_DAYS_BEFORE,
  assertCanJoin,
  deadlineFor,
  firstNameOf,
  holdExpiry,
  joinRefusal,
  makeCode,
  occupiesPlace,
  paidCount,
  pickGroupForAutoMatch,
  placesTaken,
} from './group-rules';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from './ports';
import type { CatalogScope } from '../catalog/ports';
import type { PaymentsScope } from '../payments/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import { toPerson } from '../messaging';

/** The tables group use cases read and write; they reach catalog (plans), payments (a hold's charge), identity and notifications. */
type GroupServiceScope = GroupsScope & CatalogScope & PaymentsScope & IdentityScope & NotificationsScope & AuditScope;

/** A PIX hold's last minutes, when its reminder goes out. */
export const LAPSING_PIX_MINUTES = 10;

export interface Actor {
  id: string;
  email: string;
}

export class GroupService {
  constructor(
    private readonly uow: UnitOfWork<GroupServiceScope>,
    private readonly clock: Clock,
    private readonly random: () => number = secureRandom,
  ) {}

  /** POST /api/groups: a new group of the plan, owned by the caller, with the caller's place held. */
  async createGroup(actor: Actor, planId: string, meta: RequestMeta) {
    const plan = await this.activePlan(planId);
    const memberId = await this.uow.run(async (tx) => {
      const group = await this.insertGroup(tx, actor, plan);
      return (await this.insertMember(tx, actor, group, plan.name, null, meta)).id;
    });
    return this.placeView(actor, memberId);
  }

  /** POST /api/groups/:id/join: a place in that group, by invite link or not; never over group_size. */
  async joinGroup(actor: Actor, groupId: string, referralCode: string | null, meta: RequestMeta) {
    if (!isId(groupId)) throw notFound('group_not_found', 'Turma não encontrada.');
    const memberId = await this.uow.run(async (tx) => {
      // The lock serialises every join of this group: the count below cannot go stale.
      const group = await tx.groups.groups.lock(groupId);
      if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
      const members = await tx.groups.members.listForGroup(group.id);
      const now = this.clock.now();
      await this.releaseOwnLapsedHold(tx, members, actor.id, now);
      assertCanJoin(group, members, actor.id, now);
      const inviter = referralCode ? await tx.groups.members.findByInviteCode(referralCode.toUpperCase()) : null;
      const plan = await tx.catalog.plans.findById(group.plan_id);
      const member = await this.insertMember(tx, actor, group, plan?.name ?? 'plano', inviter && inviter.group_id === group.id ? inviter.id : null, meta);
      return member.id;
    });
    return this.placeView(actor, memberId);
  }

  /** POST /api/plans/:id/join: the open group of the plan with the fewest free places, or a new one. */
  async autoJoin(actor: Actor, planId: string, meta: RequestMeta) {
    const plan = await this.activePlan(planId);
    const memberId = await this.uow.run(async (tx) => {
      // Auto-matches of one plan queue on the plan's row; the chosen group is then locked like any direct join.
      await tx.catalog.plans.lock(plan.id);
      const now = this.clock.now();
      const candidates = await tx.groups.groups.openWithPlaces(plan.id, actor.id, now);
      const mine = candidates.find((c) => c.mine);
      if (mine) throw new DomainError('conflict', 'already_member', 'Você já está em uma turma deste plano.', { details: { group_id: mine.id } });
      const pick = pickGroupForAutoMatch(candidates);
      let group = pick ? await tx.groups.groups.lock(pick.id) : null;
      if (group) {
        const members = await tx.groups.members.listForGroup(group.id);
        await this.releaseOwnLapsedHold(tx, members, actor.id, now);
        // A direct join may have taken the last place between the count and the lock.
        if (joinRefusal(group, members, actor.id, now)) group = null;
      }
      group ??= await this.insertGroup(tx, actor, plan);
      return (await this.insertMember(tx, actor, group, plan.name, null, meta)).id;
    });
    return this.placeView(actor, memberId);
  }

  /** GET /api/groups/:id: what anyone with the invite link sees (first names only). */
  async publicGroup(groupId: string, referralCode: string | null) {
    if (!isId(groupId)) throw notFound('group_not_found', 'Turma não encontrada.');
    const repos = this.uow.repos;
    const group = await repos.groups.groups.findById(groupId);
    if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
    const [plan, members] = await Promise.all([repos.catalog.plans.findById(group.plan_id), repos.groups.members.listForGroup(group.id)]);
    const now = this.clock.now();
    const inviter = referralCode ? members.find((m) => m.invite_code === referralCode.toUpperCase()) : undefined;
    const owner = members.find((m) => m.user_id === group.owner_user_id);
    return {
      id: group.id,
      status: group.status,
      plan: plan
        ? { id: plan.id, name: plan.name, description: plan.description, kind: plan.kind, price: group.price, full_price: plan.full_price, entry_price: group.entry_price, image_url: plan.image_url }
        : null,
      group_size: group.group_size,
      members_paid: paidCount(members),
      places_left: Math.max(0, group.group_size - placesTaken(members, now)),
      deadline: group.deadline_at.toISOString(),
      inviter_first_name: firstNameOf((inviter ?? owner)?.full_name),
      members: members.filter((m) => m.status === 'paid' || m.status === 'awarded').map((m) => ({ first_name: firstNameOf(m.full_name) })),
    };
  }

  /** GET /api/me/groups: every group of the caller, with progress, members' first names and the invite code. */
  async myGroups(actor: Actor) {
    const repos = this.uow.repos;
    const now = this.clock.now();
    const memberships = await repos.groups.members.listForUser(actor.id);
    const seen = new Set<string>();
    const out = [];
    for (const membership of memberships) {
      if (seen.has(membership.group_id)) continue; // newest membership per group
      seen.add(membership.group_id);
      const group = await repos.groups.groups.findById(membership.group_id);
      if (!group) continue;
      const [plan, members, voucher, pending] = await Promise.all([
        repos.catalog.plans.findById(group.plan_id),
        repos.groups.members.listForGroup(group.id),
        repos.groups.vouchers.findByMember(membership.id),
        repos.payments.payments.findPendingFor('entry', membership.id),
      ]);
      // The balance charge already open, so a screen resumes it instead of searching the payment list.
      const balancePending = voucher?.status === 'awaiting_balance' ? await repos.payments.payments.findPendingFor('balance', voucher.id) : null;
      out.push({
        group: {
          id: group.id,
          status: group.status,
          group_size: group.group_size,
          members_paid: paidCount(members),
          places_left: Math.max(0, group.group_size - placesTaken(members, now)),
          deadline: group.deadline_at.toISOString(),
          price: group.price,
          entry_price: group.entry_price,
          plan: plan ? { id: plan.id, name: plan.name, kind: plan.kind, full_price: plan.full_price } : null,
          members: members
            .filter((m) => m.status === 'paid' || m.status === 'awarded' || (m.status === 'pending_payment' && occupiesPlace(m, now)))
            .map((m) => ({ first_name: firstNameOf(m.full_name), status: m.status === 'pending_payment' ? 'reserved' : 'paid', is_me: m.user_id === actor.id })),
        },
        membership: {
          id: membership.id,
          status: membership.status,
          hold_expires_at: membership.status === 'pending_payment' ? membership.hold_expires_at?.toISOString() ?? null : null,
          invite_code: membership.invite_code,
          invite_path: `/join/${group.id}/${membership.invite_code}`,
          refund_to: membership.refund_to,
          pending_payment_id: pending?.id ?? null,
          boleto_due_date: membership.status === 'pending_payment' && pending?.method === 'BOLETO' ? pending.due_date : null,
          withdrawal_deadline: withdrawalDeadlineFor({ group, member: membership, voucher }, now),
          withdrawable_amount: withdrawalDeadlineFor({ group, member: membership, voucher }, now) ? withdrawableAmount({ group, voucher }) : null,
        },
        voucher: voucher
          ? {
              id: voucher.id,
              code: voucher.code,
              status: voucher.status,
              price: voucher.price,
              entry_paid: voucher.entry_paid,
              balance_due: voucher.balance_due,
              pending_payment_id: balancePending?.id ?? null,
            }
          : null,
      });
    }
    return { items: out, total: out.length };
  }

  /** Members choose, before expiry, whether an expired group's entry comes back as money or as wallet credit. */
  async setRefundPreference(actor: Actor, memberId: string, refundTo: 'original' | 'wallet') {
    const member = isId(memberId) ? await this.uow.repos.groups.members.findById(memberId) : null;
    if (!member || member.user_id !== actor.id) throw notFound('member_not_found', 'Participação não encontrada.');
    if (member.status !== 'paid' && member.status !== 'pending_payment') throw conflict('invalid_state', 'Esta participação não pode mais ser alterada.');
    await this.uow.run((tx) => tx.groups.members.update(member.id, { refund_to: refundTo }));
    return { id: member.id, refund_to: refundTo };
  }

  /**
   * Job: unpaid holds that ran out (30 minutes for PIX, the end of the due date for a boleto) free their places.
   * In the same transaction the pending charge is cancelled at the provider (a job), and a member whose boleto
   * lapsed is told (notification and e-mail). Idempotent (conditional moves).
   */
  async releaseExpiredHolds(limit = 500): Promise<{ released: number; boletos_lapsed: number }> {
    const now = this.clock.now();
    const lapsed = await this.uow.repos.groups.members.listExpiredHolds(now, limit);
    let released = 0;
    let boletos = 0;
    for (const m of lapsed) {
      const moved = await this.uow.run(async (tx) => {
        if (!(await groupCommands(tx).releasePlace(m.id, now))) return false;
        const pending = await tx.payments.payments.findPendingFor('entry', m.id);
        if (!pending) return true;
        await requestChargeCancel(tx, pending, 'vaga liberada: pagamento não confirmado no prazo');
        if (pending.method === 'BOLETO' && pending.due_date) {
          boletos++;
          const group = await tx.groups.groups.findById(m.group_id);
          const plan = group ? await tx.catalog.plans.findById(group.plan_id) : null;
          const planName = plan?.name ?? 'plano';
          await tx.notifications.create(notify.boletoHoldLapsed(m.user_id, m.id, m.group_id, planName, pending.due_date));
          const user = await tx.identity.users.findById(m.user_id);
          const profile = user ? await tx.identity.profiles.findByUserId(user.id) : null;
          if (user) await tx.jobs.enqueue('mail.send', toPerson(boletoHoldLapsedEmail({ to: user.email, name: profile?.full_name ?? '', plan: planName, dueDate: pending.due_date }), user.id));
        }
        return true;
      });
      if (moved) released++;
    }
    return { released, boletos_lapsed: boletos };
  }

  /**
   * Job: a notice before an unpaid place lapses — a PIX hold (or one with no charge yet) in its last
   * LAPSING_PIX_MINUTES, a boleto the day before its due date. Once per place and method (the notification's key).
   */
  async remindLapsingHolds(limit = 500): Promise<{ pix: number; boleto: number }> {
    const now = this.clock.now();
    const tomorrow = saoPauloDate(now, 1);
    // A boleto's hold ends with its due date: due tomorrow means it ends within the next two days.
    const lapsing = await this.uow.repos.groups.members.listHoldsLapsingBetween(now, new Date(now.getTime() + 48 * 3_600_000), limit);
    const sent = { pix: 0, boleto: 0 };
    for (const m of lapsing) {
      await this.uow.run(async (tx) => {
        const pending = await tx.payments.payments.findPendingFor('entry', m.id);
        const pixSoon = (!pending || pending.method === 'PIX') && m.hold_expires_at!.getTime() - now.getTime() <= LAPSING_PIX_MINUTES * 60_000;
        const boletoTomorrow = pending?.method === 'BOLETO' && pending.due_date === tomorrow;
        if (!pixSoon && !boletoTomorrow) return;
        const group = await tx.groups.groups.findById(m.group_id);
        if (!group) return;
        const plan = await tx.catalog.plans.findById(group.plan_id);
        const method = boletoTomorrow ? 'BOLETO' : 'PIX';
        const created = await tx.notifications.create(
          notify.holdLapsing(m.user_id, m.id, group.id, {
            plan: plan?.name ?? 'plano',
            amount: pending?.amount ?? group.entry_price,
            method,
            expires_at: m.hold_expires_at!,
            pix_code: method === 'PIX' ? (pending?.pix_payload ?? null) : null,
          }),
        );
        if (created) sent[method === 'PIX' ? 'pix' : 'boleto']++;
      });
    }
    return sent;
  }

  /** Job: a reminder to every member, once, when at most 3 days are left. */
  async sendReminders(limit = 200): Promise<{ groups: number; notified: number }> {
    const now = this.clock.now();
    const due = await this.uow.repos.groups.groups.listOpenEndingBefore(new Date(now.getTime() + REMINDER_DAYS_BEFORE * 86_400_000), limit);
    let groups = 0;
    let notified = 0;
    for (const g of due) {
      if (g.deadline_at.getTime() <= now.getTime()) continue;
      await this.uow.run(async (tx) => {
        if (!(await tx.groups.groups.markReminded(g.id, now))) return;
        groups++;
        const [plan, members] = await Promise.all([tx.catalog.plans.findById(g.plan_id), tx.groups.members.listForGroup(g.id)]);
        const paid = paidCount(members);
        for (const m of members.filter((x) => x.status === 'paid')) {
          if (await tx.notifications.create(notify.reminder(m.user_id, m.id, g.id, plan?.name ?? 'plano', paid, g.group_size, g.deadline_at))) notified++;
        }
      });
    }
    return { groups, notified };
  }

  private async activePlan(planId: string) {
    const plan = isId(planId) ? await this.uow.repos.catalog.plans.findById(planId) : null;
    if (!plan || !plan.active) throw notFound('plan_not_found', 'Plano não encontrado.');
    return plan;
  }

  private async insertGroup(tx: GroupServiceScope, actor: Actor, plan: { id: string; price: number; group_size: number; window_days: number }) {
    const now = this.clock.now();
    return tx.groups.groups.create({
      plan_id: plan.id,
      owner_user_id: actor.id,
      status: 'open',
      group_size: plan.group_size,
      price: plan.price,
      entry_price: computeEntryPrice(plan.price),
      deadline_at: deadlineFor(now, plan.window_days),
    });
  }

  private async insertMember(tx: GroupServiceScope, actor: Actor, group: GroupRecord, planName: string, invitedBy: string | null, meta: RequestMeta): Promise<MemberRecord> {
    const now = this.clock.now();
    const member = await tx.groups.members.create({
      group_id: group.id,
      user_id: actor.id,
      invite_code: makeCode(8, this.random),
      invited_by_member_id: invitedBy,
      hold_expires_at: holdExpiry(now),
    });
    await tx.notifications.create(notify.placeHeld(actor.id, member.id, group.id, planName, group.entry_price, HOLD_MINUTES));
    await tx.audit.append({ action: 'group.place_held', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'group', entity_id: group.id, ...auditMeta(meta), metadata: { member_id: member.id, invited_by: invitedBy } });
    return member;
  }

  /** A lapsed hold the job has not released yet still holds the unique "one live place" slot: release it first. */
  private async releaseOwnLapsedHold(tx: Tx<GroupServiceScope>, members: MemberWithName[], userId: string, now: Date) {
    for (const m of members) {
      if (m.user_id === userId && m.status === 'pending_payment' && !occupiesPlace(m, now)) {
        if (await groupCommands(tx).releasePlace(m.id, now)) {
          // Its lapsed charge is cancelled at the provider too, as the hold-release job would.
          const pending = await tx.payments.payments.findPendingFor('entry', m.id);
          if (pending) await requestChargeCancel(tx, pending, 'vaga liberada: pagamento não confirmado no prazo');
        }
        m.status = 'released';
      }
    }
  }

  private async placeView(actor: Actor, memberId: string) {
    const member = await this.uow.repos.groups.members.findById(memberId);
    if (!member) throw notFound('member_not_found', 'Participação não encontrada.');
    const group = await this.publicGroup(member.group_id, null);
    return {
      group,
      membership: {
        id: member.id,
        status: member.status,
        hold_expires_at: member.hold_expires_at?.toISOString() ?? null,
        invite_code: member.invite_code,
        invite_path: `/join/${member.group_id}/${member.invite_code}`,
        entry_price: group.plan?.entry_price ?? 0,
        boleto_due_date: null,
      },
    };
  }
}
