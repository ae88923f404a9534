// Experiments' persistence port: participants (one per visitor and experiment), their events, and the counts the
// back office's reports are made of.
import type { FunnelRow } from './funnel';

export interface ParticipantRecord {
  id: string;
  user_id: string | null;
  anonymous_id: string;
  experiment_name: string;
  variant: string;
  converted: boolean;
  converted_at: Date | null;
  created_at: Date;
}

export interface ExperimentEventRecord {
  id: string;
  participant_id: string;
  event_type: 'interaction' | 'conversion';
  event_name: string;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export type NewExperimentEvent = Pick<ExperimentEventRecord, 'participant_id' | 'event_type' | 'event_name' | 'metadata'>;

export interface VariantCounts {
  variant: string;
  participants: number;
  conversions: number;
  interactions: number;
}

export interface AnalyticsCounts {
  /** Participants created in the range (every visitor is assigned once). */
  visits: number;
  byOrigin: Array<Omit<FunnelRow, 'visits'> & { key: string }>;
  /** By the visitor type stored at sign-up (influencer, referral, direct; 'sem_tipo' before it was recorded). */
  byVisitorType: Array<Omit<FunnelRow, 'visits'> & { key: string }>;
  byVariant: Array<FunnelRow & { key: string; visits: number; conversions: number }>;
}

export interface ExperimentRepository {
  /** Inserts the participant unless (experiment, anonymous_id) exists; either way answers the stored one. */
  findOrCreateParticipant(p: { experiment_name: string; variant: string; anonymous_id: string; user_id: string | null }): Promise<ParticipantRecord>;
  /** Of these ids, the participants that exist. */
  existingIds(ids: readonly string[]): Promise<string[]>;
  /** The participants with these ids (unknown ids left out): their experiment and variant. */
  participantsByIds(ids: readonly string[]): Promise<Array<{ id: string; experiment_name: string; variant: string }>>;
  insertEvents(events: readonly NewExperimentEvent[]): Promise<void>;
  /** Gives the anonymous participant(s) with this id a user, when they have none yet. */
  linkUser(anonymousId: string, userId: string): Promise<number>;
  /** Marks the user's not-yet-converted participants converted at `at`; answers the ids it changed. */
  convertUser(userId: string, at: Date): Promise<string[]>;
  listForUser(userId: string): Promise<Array<ParticipantRecord & { events: ExperimentEventRecord[] }>>;
  variantCounts(experimentName: string): Promise<VariantCounts[]>;
  analyticsCounts(experimentName: string, from: Date, toExclusive: Date): Promise<AnalyticsCounts>;
}

/** The theme experiment's table, as a unit of work scope (core/ports/unit-of-work.ts). */
export type ExperimentsScope = { experiments: ExperimentRepository };
