// An audit-log entry as the back office sees it.
import { z } from 'zod';

export const auditLogSchema = z
  .object({
    id: z.string(),
    created_at: z.string().meta({ format: 'date-time' }),
    action: z.string(),
    actor_user_id: z.string().nullable(),
    actor_email: z.string().nullable(),
    entity_type: z.string().nullable(),
    entity_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditLog' });
