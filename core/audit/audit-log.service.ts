// Reading the audit trail for the back office (read-only: nothing in the product edits it).
import { notFound } from '../shared/errors';
import type { AuditLogFilter } from './ports';
import type { ListQuery } from '../shared/list-query';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AuditScope } from './ports';

/** The audit log reads its own table only. */
type AuditLogScope = AuditScope;

export const AUDIT_LOG_SORTABLE = ['created_at', 'action', 'actor_email', 'entity_type', 'ip'] as const;

export class AuditLogService {
  constructor(private readonly uow: UnitOfWork<AuditLogScope>) {}

  list(query: ListQuery<AuditLogFilter>) {
    const field = (AUDIT_LOG_SORTABLE as readonly string[]).includes(query.sort.field) ? query.sort.field : 'created_at';
    return this.uow.repos.audit.list({ ...query, sort: { field, order: query.sort.order } });
  }

  async get(id: string) {
    const entry = await this.uow.repos.audit.findById(id);
    if (!entry) throw notFound('audit_log_not_found', 'Registro de auditoria não encontrado.');
    return entry;
  }
}
