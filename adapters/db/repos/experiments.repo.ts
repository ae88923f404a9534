// The theme experiment's participants and events on knex, and the counts behind the back office's funnel.
import type { Knex } from 'knex';
import type { AnalyticsCounts, ExperimentEventRecord, ExperimentRepository, NewExperimentEvent, ParticipantRecord, VariantCounts } from '../../../core/experiments';

const PARTICIPANT_COLUMNS = ['id', 'user_id', 'anonymous_id', 'experiment_name', 'variant', 'converted', 'converted_at', 'created_at'] as const;
const n = (v: unknown) => Number(v ?? 0);

// A user counts at a step when they have reached it, whenever that happened (the cohort is who signed up in the range).
const ENTRY_PAID = `exists (select 1 from payments pay where pay.user_id = u.id and pay.purpose = 'entry' and pay.confirmed_at is not null)`;
const GROUP_COMPLETED = `exists (select 1 from group_members gm join groups g on g.id = gm.group_id where gm.user_id = u.id and g.status = 'complete' and gm.status in ('paid', 'awarded'))`;
const BALANCE_PAID = `exists (select 1 from payments pay where pay.user_id = u.id and pay.purpose = 'balance' and pay.confirmed_at is not null)`;

export class KnexExperimentRepository implements ExperimentRepository {
  constructor(private readonly db: Knex) {}

  async findOrCreateParticipant(p: { experiment_name: string; variant: string; anonymous_id: string; user_id: string | null }): Promise<ParticipantRecord> {
    await this.db('ab_test_participants').insert(p).onConflict(['experiment_name', 'anonymous_id']).ignore();
    return (await this.db('ab_test_participants').where({ experiment_name: p.experiment_name, anonymous_id: p.anonymous_id }).first(PARTICIPANT_COLUMNS)) as ParticipantRecord;
  }

  async existingIds(ids: readonly string[]) {
    if (!ids.length) return [];
    return (await this.db('ab_test_participants').whereIn('id', ids).pluck('id')) as string[];
  }

  async participantsByIds(ids: readonly string[]) {
    if (!ids.length) return [];
    return (await this.db('ab_test_participants').whereIn('id', ids).select('id', 'experiment_name', 'variant')) as Array<{ id: string; experiment_name: string; variant: string }>;
  }

  async insertEvents(events: readonly NewExperimentEvent[]) {
    await this.db('ab_test_events').insert(events.map((e) => ({ ...e, metadata: JSON.stringify(e.metadata) })));
  }

  async linkUser(anonymousId: string, userId: string) {
    return this.db('ab_test_participants').where({ anonymous_id: anonymousId }).whereNull('user_id').update({ user_id: userId, updated_at: this.db.fn.now() });
  }

  async convertUser(userId: string, at: Date) {
    const rows = await this.db('ab_test_participants').where({ user_id: userId, converted: false }).update({ converted: true, converted_at: at, updated_at: at }, ['id']);
    return (rows as Array<{ id: string }>).map((r) => r.id);
  }

  async listForUser(userId: string) {
    const participants = (await this.db('ab_test_participants').where({ user_id: userId }).orderBy('created_at').select(PARTICIPANT_COLUMNS)) as ParticipantRecord[];
    if (!participants.length) return [];
    const events = (await this.db('ab_test_events')
      .whereIn('participant_id', participants.map((p) => p.id))
      .orderBy('created_at')
      .select('id', 'participant_id', 'event_type', 'event_name', 'metadata', 'created_at')) as ExperimentEventRecord[];
    return participants.map((p) => ({ ...p, events: events.filter((e) => e.participant_id === p.id) }));
  }

  async variantCounts(experimentName: string): Promise<VariantCounts[]> {
    const rows = await this.db('ab_test_participants as p')
      .where('p.experiment_name', experimentName)
      .groupBy('p.variant')
      .select(
        'p.variant',
        this.db.raw('count(*) as participants'),
        this.db.raw('count(*) filter (where p.converted) as conversions'),
        this.db.raw(`(select count(*) from ab_test_events e join ab_test_participants q on q.id = e.participant_id where q.experiment_name = ? and q.variant = p.variant and e.event_type = 'interaction') as interactions`, [experimentName]),
      );
    return (rows as Array<Record<string, unknown>>).map((r) => ({ variant: String(r.variant), participants: n(r.participants), conversions: n(r.conversions), interactions: n(r.interactions) }));
  }

  async analyticsCounts(experimentName: string, from: Date, toExclusive: Date): Promise<AnalyticsCounts> {
    const byOrigin = await this.db.raw(
      `select coalesce(pr.origem, 'sem_origem') as key, count(*) as signups,
              count(*) filter (where ${ENTRY_PAID}) as entries_paid,
              count(*) filter (where ${GROUP_COMPLETED}) as groups_completed,
              count(*) filter (where ${BALANCE_PAID}) as balances_paid
         from users u left join profiles pr on pr.user_id = u.id
        where u.created_at >= ? and u.created_at < ? and u.role <> 'admin'
        group by 1 order by 1`,
      [from, toExclusive],
    );
    // The same steps by the visitor type kept at sign-up (null before it was recorded).
    const byVisitorType = await this.db.raw(
      `select coalesce(pr.visitor_type, 'sem_tipo') as key, count(*) as signups,
              count(*) filter (where ${ENTRY_PAID}) as entries_paid,
              count(*) filter (where ${GROUP_COMPLETED}) as groups_completed,
              count(*) filter (where ${BALANCE_PAID}) as balances_paid
         from users u left join profiles pr on pr.user_id = u.id
        where u.created_at >= ? and u.created_at < ? and u.role <> 'admin'
        group by 1 order by 1`,
      [from, toExclusive],
    );
    // Visitors of the range by variant; a step counts the distinct accounts (signed up since `from`) linked to them.
    const byVariant = await this.db.raw(
      `with v as (
         select p.variant, p.converted, u.id as uid from ab_test_participants p
           left join users u on u.id = p.user_id and u.created_at >= ? and u.role <> 'admin'
          where p.experiment_name = ? and p.created_at >= ? and p.created_at < ?)
       select v.variant as key, count(*) as visits, count(*) filter (where v.converted) as conversions,
              count(distinct v.uid) as signups,
              count(distinct v.uid) filter (where ${ENTRY_PAID.replaceAll('u.id', 'v.uid')}) as entries_paid,
              count(distinct v.uid) filter (where ${GROUP_COMPLETED.replaceAll('u.id', 'v.uid')}) as groups_completed,
              count(distinct v.uid) filter (where ${BALANCE_PAID.replaceAll('u.id', 'v.uid')}) as balances_paid
         from v group by v.variant order by v.variant`,
      [from, experimentName, from, toExclusive],
    );
    const rowsOf = (r: { rows: Array<Record<string, unknown>> }) => r.rows;
    const origin = rowsOf(byOrigin).map((r) => ({ key: String(r.key), signups: n(r.signups), entries_paid: n(r.entries_paid), groups_completed: n(r.groups_completed), balances_paid: n(r.balances_paid) }));
    const variant = rowsOf(byVariant).map((r) => ({ key: String(r.key), visits: n(r.visits), conversions: n(r.conversions), signups: n(r.signups), entries_paid: n(r.entries_paid), groups_completed: n(r.groups_completed), balances_paid: n(r.balances_paid) }));
    const visitorType = rowsOf(byVisitorType).map((r) => ({ key: String(r.key), signups: n(r.signups), entries_paid: n(r.entries_paid), groups_completed: n(r.groups_completed), balances_paid: n(r.balances_paid) }));
    return { visits: variant.reduce((s, r) => s + r.visits, 0), byOrigin: origin, byVisitorType: visitorType, byVariant: variant };
  }
}
