// The audit log's persistence port: every admin action and security event, append-only.
import type { ListQuery } from '../shared/list-query';

export interface AuditEntry {
  action: string;
  actor_user_id?: string | null;
  actor_email?: string | null;
  entity_type?: string | null;
  entity_id?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  request_id?: string | null;
  metadata?: Record<string, unknown>;
}

export interface AuditLogRecord extends Required<Omit<AuditEntry, 'metadata'>> {
  id: string;
  created_at: Date;
  metadata: Record<string, unknown>;
}

export interface AuditLogFilter {
  q?: string;
  action?: string;
  actor_email?: string;
  actor_user_id?: string;
  entity_type?: string;
  /** One record's trail (with entity_type: a user's, a plan's…). */
  entity_id?: string;
  created_at_gte?: Date;
  created_at_lte?: Date;
  id?: string[];
}

export interface AuditLogRepository {
  append(entry: AuditEntry): Promise<void>;
  list(query: ListQuery<AuditLogFilter>): Promise<{ items: AuditLogRecord[]; total: number }>;
  findById(id: string): Promise<AuditLogRecord | null>;
}

/** The audit log, as a unit of work scope (core/ports/unit-of-work.ts). */
export type AuditScope = { audit: AuditLogRepository };
