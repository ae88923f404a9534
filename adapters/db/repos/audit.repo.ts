// The append-only audit trail and its back-office listing.
import type { Knex } from 'knex';
import type { AuditEntry, AuditLogFilter, AuditLogRecord, AuditLogRepository } from '../../../core/audit/ports';
import type { ListQuery } from '../../../core/shared/list-query';
import { AuditLogModel } from '../models';

const toRecord = (m: AuditLogModel): AuditLogRecord => ({
  id: m.id,
  created_at: m.created_at,
  actor_user_id: m.actor_user_id,
  actor_email: m.actor_email,
  action: m.action,
  entity_type: m.entity_type,
  entity_id: m.entity_id,
  ip: m.ip,
  user_agent: m.user_agent,
  request_id: m.request_id,
  metadata: m.metadata ?? {},
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class KnexAuditLogRepository implements AuditLogRepository {
  constructor(private readonly db: Knex) {}

  async append(entry: AuditEntry) {
    await AuditLogModel.query(this.db).insert({
      action: entry.action,
      actor_user_id: entry.actor_user_id ?? null,
      actor_email: entry.actor_email ?? null,
      entity_type: entry.entity_type ?? null,
      entity_id: entry.entity_id ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.user_agent ?? null,
      request_id: entry.request_id ?? null,
      metadata: entry.metadata ?? {},
    });
  }

  async list({ filter, sort, offset, limit }: ListQuery<AuditLogFilter>) {
    const q = AuditLogModel.query(this.db);
    if (filter.id?.length) q.whereIn('id', filter.id);
    if (filter.action) q.where('action', filter.action);
    if (filter.entity_type) q.where('entity_type', filter.entity_type);
    if (filter.entity_id) q.where('entity_id', filter.entity_id);
    if (filter.actor_user_id) q.where('actor_user_id', filter.actor_user_id);
    if (filter.actor_email) q.where('actor_email', 'ilike', `%${escapeLike(filter.actor_email)}%`);
    if (filter.created_at_gte) q.where('created_at', '>=', filter.created_at_gte);
    if (filter.created_at_lte) q.where('created_at', '<=', filter.created_at_lte);
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      q.where((w) => w.where('action', 'ilike', like).orWhere('actor_email', 'ilike', like).orWhere('entity_type', 'ilike', like).orWhere('entity_id', 'ilike', like));
    }
    const total = await q.clone().resultSize();
    const rows = await q.orderBy(sort.field, sort.order.toLowerCase() as 'asc' | 'desc').orderBy('id').offset(offset).limit(limit);
    return { items: rows.map(toRecord), total };
  }

  async findById(id: string) {
    const m = await AuditLogModel.query(this.db).findById(id);
    return m ? toRecord(m) : null;
  }
}
