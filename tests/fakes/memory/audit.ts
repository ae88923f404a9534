// The audit log in memory: append-only.
import type { AuditLogRepository, AuditScope } from '../../../core/audit/ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function auditFake(db: MemoryDb): AuditScope {
  return {
    audit: faked<AuditLogRepository>('audit', {
      append: async (e) => {
        db.audit.insert({ actor_user_id: null, actor_email: null, entity_type: null, entity_id: null, ip: null, user_agent: null, request_id: null, ...e, metadata: e.metadata ?? {} });
      },
      findById: async (id) => db.audit.get(id),
    }),
  };
}
