// Experiments' use cases: enrol a visitor (idempotent per anonymous id), take a batch of browser interactions, link
// the visitor to the account they sign up or in with, and the back office's experiment and funnel reports.
import { invalid } from '../shared/errors';
import { analyticsRange, funnelRates, type FunnelRow } from './funnel';
import type { ExperimentRepository, ParticipantRecord } from './ports';
import type { AnalyticsQuery, AnalyticsReport, EventsBatch, ExperimentReport, FunnelRowAnswer, ParticipantAnswer, ParticipantInput } from './schemas';
import { EXPERIMENTS } from './schemas';
import { twoProportionTest } from './significance';
import { THEME_EXPERIMENT_NAME } from './theme-variant';
import { ownValue } from '../shared/lookup';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ExperimentsScope } from './ports';

/** The experiment reads and writes its own table only. */
type ExperimentScope = ExperimentsScope;

export const VISITS_NOTE = 'Visitas = participantes do experimento criados no período (cada visitante é sorteado uma única vez).';

export function toParticipantAnswer(p: ParticipantRecord): ParticipantAnswer {
  return { id: p.id, experiment: p.experiment_name, variant: p.variant, anonymous_id: p.anonymous_id, converted: p.converted, created_at: p.created_at.toISOString() };
}

const withRates = (row: FunnelRow & { key: string }): FunnelRowAnswer => ({
  key: row.key,
  visits: row.visits,
  signups: row.signups,
  entries_paid: row.entries_paid,
  groups_completed: row.groups_completed,
  balances_paid: row.balances_paid,
  ...funnelRates(row),
});

export class ExperimentService {
  constructor(private readonly uow: UnitOfWork<ExperimentScope>) {}

  /** The same anonymous id always answers the same participant (and its first variant), so a replay changes nothing. */
  async enrol(input: ParticipantInput, userId: string | null): Promise<ParticipantAnswer> {
    const repo = this.uow.repos.experiments;
    if (userId) {
      // A signed-in user is one participant per experiment: a fresh anonymous id (cleared storage, another browser)
      // with another variant would count them twice, in both arms. They keep the variant they were first given.
      const mine = (await repo.listForUser(userId)).find((p) => p.experiment_name === input.experiment);
      if (mine) return toParticipantAnswer(mine);
    }
    const participant = await repo.findOrCreateParticipant({ experiment_name: input.experiment, variant: input.variant, anonymous_id: input.anonymous_id, user_id: userId });
    if (userId && !participant.user_id) await repo.linkUser(input.anonymous_id, userId);
    return toParticipantAnswer(participant);
  }

  /**
   * Stores the batch's interactions of known participants; unknown participant ids are dropped (tracking is best
   * effort). The variant is the participant's, recorded at enrolment: an event claiming another variant or experiment
   * in its metadata is forged and dropped.
   */
  async record(batch: EventsBatch): Promise<number> {
    const repo = this.uow.repos.experiments;
    const known = new Map((await repo.participantsByIds([...new Set(batch.events.map((e) => e.participant_id))])).map((p) => [p.id, p]));
    const events = batch.events.filter((e) => {
      const p = known.get(e.participant_id);
      return !!p && !isForged(e.metadata, p);
    }).map((e) => ({ participant_id: e.participant_id, event_type: 'interaction' as const, event_name: e.event_name, metadata: e.metadata }));
    if (events.length) await repo.insertEvents(events);
    return events.length;
  }

  async linkUser(anonymousId: string, userId: string): Promise<void> {
    await this.uow.repos.experiments.linkUser(anonymousId, userId);
  }

  async experimentReport(experiment: string): Promise<ExperimentReport> {
    const variants = ownValue(EXPERIMENTS, experiment);
    if (!variants) throw invalid('invalid_input', 'Experimento desconhecido.', { experiment: 'Experimento desconhecido.' });
    const counts = await this.uow.repos.experiments.variantCounts(experiment);
    const rows = variants.map((variant) => {
      const c = counts.find((r) => r.variant === variant) ?? { variant, participants: 0, conversions: 0, interactions: 0 };
      return { ...c, conversion_rate: c.participants ? c.conversions / c.participants : null };
    });
    return { experiment, variants: rows, significance: compare(rows) };
  }

  async analytics(query: AnalyticsQuery): Promise<AnalyticsReport> {
    const experiment = THEME_EXPERIMENT_NAME;
    const variants = EXPERIMENTS[experiment]!;
    const { from, toExclusive } = analyticsRange(new Date(`${query.from}T00:00:00Z`), new Date(`${query.to}T00:00:00Z`));
    const counts = await this.uow.repos.experiments.analyticsCounts(experiment, from, toExclusive);
    const zero = { signups: 0, entries_paid: 0, groups_completed: 0, balances_paid: 0 };
    const byOrigin = counts.byOrigin.map((r) => withRates({ ...r, visits: null }));
    const byVariant = variants.map((variant) => counts.byVariant.find((r) => r.key === variant) ?? { key: variant, visits: 0, conversions: 0, ...zero });
    const sum = (step: keyof typeof zero) => counts.byOrigin.reduce((n, r) => n + r[step], 0);
    const total = withRates({ key: 'total', visits: counts.visits, signups: sum('signups'), entries_paid: sum('entries_paid'), groups_completed: sum('groups_completed'), balances_paid: sum('balances_paid') });
    const summaries = byVariant.map((r) => ({ variant: r.key, participants: r.visits, conversions: r.conversions, conversion_rate: r.visits ? r.conversions / r.visits : null }));
    return {
      from: query.from,
      to: query.to,
      experiment,
      visits_note: VISITS_NOTE,
      total,
      by_origin: byOrigin,
      by_visitor_type: counts.byVisitorType.map((r) => withRates({ ...r, visits: null })),
      by_variant: byVariant.map(withRates),
      variants: summaries,
      significance: compare(summaries),
    };
  }
}

/** Metadata that names a variant or experiment other than the participant's own. */
function isForged(metadata: Record<string, unknown>, participant: { experiment_name: string; variant: string }): boolean {
  if ('variant' in metadata && metadata.variant !== participant.variant) return true;
  if ('experiment' in metadata && metadata.experiment !== participant.experiment_name) return true;
  return false;
}

/** The first two variants compared (golden − friendship for the theme experiment). */
function compare(rows: Array<{ variant: string; participants: number; conversions: number }>) {
  const [a, b] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const test = twoProportionTest({ successes: a.conversions, trials: a.participants }, { successes: b.conversions, trials: b.participants });
  return { variant_a: a.variant, variant_b: b.variant, ...test };
}

/**
 * The experiment's conversion (docs/product/theme-experiment.md): called by the entry payment's confirmation when it is the payer's first
 * paid entry. Only participants not yet converted change, so a replayed confirmation or a later entry adds nothing.
 */
export async function recordFirstEntryConversion(repo: ExperimentRepository, userId: string, at: Date, metadata: Record<string, unknown>): Promise<number> {
  const converted = await repo.convertUser(userId, at);
  if (converted.length) await repo.insertEvents(converted.map((participant_id) => ({ participant_id, event_type: 'conversion' as const, event_name: 'first_entry_paid', metadata })));
  return converted.length;
}
