// Campaign use cases (docs/product/group-purchase.md, docs/product/screens.md#back-office): the back office creates, lists and ends campaigns (one active at a time,
// every change audited with before and after), and anyone reads the active offer. Bonuses themselves are paid by the
// campaign-bonus flow when a group completes.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { ListQuery } from '../shared/list-query';
import { campaignPhase, isActiveAt } from './campaign-rules';
import { campaignInputSchema } from './schemas';
import type { CampaignFilter, CampaignRecord } from './ports';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { CampaignsScope } from './ports';
import type { AuditScope } from '../audit/ports';

/** The tables campaigns read and write (audit: every change is logged). */
type CampaignScope = CampaignsScope & AuditScope;

export const CAMPAIGN_SORTABLE = ['name', 'starts_at', 'ends_at', 'budget', 'spent', 'status', 'created_at'] as const;
/** The newest bonuses the back office shows on a campaign. */
export const CAMPAIGN_BONUSES_SHOWN = 100;

/** Who a change is recorded as: an admin, or the operator at the CLI (no user id). */
type Actor = { id: string | null; email: string };

export function toAdminCampaign(c: CampaignRecord, now: Date) {
  return {
    id: c.id,
    name: c.name,
    starts_at: c.starts_at.toISOString(),
    ends_at: c.ends_at.toISOString(),
    bonus_type: c.bonus_type,
    bonus_value: c.bonus_value,
    cap_per_inviter: c.cap_per_inviter,
    budget: c.budget,
    spent: c.spent,
    remaining: c.budget - c.spent,
    status: c.status,
    phase: campaignPhase(c, now),
    ended_at: c.ended_at?.toISOString() ?? null,
    created_at: c.created_at.toISOString(),
  };
}

const auditView = (c: CampaignRecord) => ({ name: c.name, status: c.status, starts_at: c.starts_at.toISOString(), ends_at: c.ends_at.toISOString(), bonus_type: c.bonus_type, bonus_value: c.bonus_value, cap_per_inviter: c.cap_per_inviter, budget: c.budget, spent: c.spent });

export class CampaignService {
  constructor(
    private readonly uow: UnitOfWork<CampaignScope>,
    private readonly clock: Clock,
  ) {}

  async adminList(query: ListQuery<CampaignFilter>) {
    const field = (CAMPAIGN_SORTABLE as readonly string[]).includes(query.sort.field) ? query.sort.field : 'created_at';
    const page = await this.uow.repos.campaigns.campaigns.list({ ...query, sort: { field, order: query.sort.order } });
    const now = this.clock.now();
    return { items: page.items.map((c) => toAdminCampaign(c, now)), total: page.total };
  }

  async adminGet(id: string) {
    const repos = this.uow.repos.campaigns;
    const c = isId(id) ? await repos.campaigns.findById(id) : null;
    if (!c) throw notFound('campaign_not_found', 'Campanha não encontrada.');
    const [bonuses, counts] = await Promise.all([repos.bonuses.listForCampaign(c.id, CAMPAIGN_BONUSES_SHOWN), repos.bonuses.countForCampaign(c.id)]);
    return {
      ...toAdminCampaign(c, this.clock.now()),
      bonuses: bonuses.map((b) => ({
        id: b.id,
        inviter_user_id: b.inviter_user_id,
        inviter_name: b.inviter_name,
        inviter_email: b.inviter_email,
        invitee_member_id: b.invitee_member_id,
        group_id: b.group_id,
        amount: b.amount,
        status: b.status,
        reversed_at: b.reversed_at?.toISOString() ?? null,
        created_at: b.created_at.toISOString(),
      })),
      bonuses_credited: counts.credited,
      bonuses_reversed: counts.reversed,
    };
  }

  /** One campaign at a time: a period overlapping a campaign not ended is refused (409), even when created concurrently. */
  async create(input: unknown, actor: Actor) {
    const c = campaignInputSchema.parse(input);
    const created = await this.uow.run(async (tx) => {
      await tx.campaigns.campaigns.lockCreation();
      const overlapping = await tx.campaigns.campaigns.findOverlapping(c.starts_at, c.ends_at);
      if (overlapping.length) {
        throw conflict('campaign_overlap', `Já existe uma campanha neste período ("${overlapping[0]!.name}"). Encerre-a ou escolha outras datas.`);
      }
      const saved = await tx.campaigns.campaigns.create({ ...c, created_by: actor.id });
      await tx.audit.append({ action: 'admin.campaign_created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'campaign', entity_id: saved.id, metadata: { before: null, after: auditView(saved) } });
      return saved;
    });
    return toAdminCampaign(created, this.clock.now());
  }

  /** Ends a campaign now: no bonus is paid after this; those paid stay. 409 when it was ended already. */
  async end(id: string, actor: Actor) {
    if (!isId(id)) throw notFound('campaign_not_found', 'Campanha não encontrada.');
    const now = this.clock.now();
    const ended = await this.uow.run(async (tx) => {
      const before = await tx.campaigns.campaigns.lock(id);
      if (!before) throw notFound('campaign_not_found', 'Campanha não encontrada.');
      if (!(await tx.campaigns.campaigns.end(id, now))) throw conflict('campaign_already_ended', 'Esta campanha já foi encerrada.');
      const after = (await tx.campaigns.campaigns.findById(id))!;
      await tx.audit.append({ action: 'admin.campaign_ended', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'campaign', entity_id: id, metadata: { before: auditView(before), after: auditView(after) } });
      return after;
    });
    return toAdminCampaign(ended, now);
  }

  /** The public offer of the campaign active now, or null (none, or its budget is used up). */
  async activeOffer() {
    const now = this.clock.now();
    const c = await this.uow.repos.campaigns.campaigns.findActiveAt(now);
    if (!c || !isActiveAt(c, now) || c.spent >= c.budget) return null;
    return { id: c.id, name: c.name, bonus_type: c.bonus_type, bonus_value: c.bonus_value, cap_per_inviter: c.cap_per_inviter, ends_at: c.ends_at.toISOString() };
  }
}
