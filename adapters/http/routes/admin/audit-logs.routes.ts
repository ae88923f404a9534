// Back office: the read-only audit trail (ra-data-simple-rest contract).
import Router from '@koa/router';
import { z } from 'zod';
import type { AuditLogService } from '../../../../core/audit/audit-log.service';
import type { AuditLogRecord } from '../../../../core/ports/repositories';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { requireRole } from '../../middleware/auth';
import { parseSimpleRestQuery, sendList } from '../../simple-rest';

const isoDate = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()));
const text = z.string().trim().max(200);

const filterSchema = z.object({
  q: text.optional(),
  action: text.optional(),
  actor_email: text.optional(),
  actor_user_id: z.uuid().optional(),
  entity_type: text.optional(),
  created_at_gte: isoDate.optional(),
  created_at_lte: isoDate.optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

const toJson = (r: AuditLogRecord) => ({ ...r, created_at: r.created_at.toISOString() });

export function auditLogAdminRoutes() {
  const router = new Router<AppContext['state'], AppContext>({ prefix: '/api/admin/audit-logs' });
  router.use(requireRole('admin'));
  const service = (ctx: AppContext) => ctx.container.get<AuditLogService>(TOKENS.AuditLogService);

  router.get('/', async (ctx) => {
    const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
    const { items, total } = await service(ctx).list(query);
    sendList(ctx, 'audit-logs', query, items.map(toJson), total);
  });

  router.get('/:id', async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    ctx.body = toJson(await service(ctx).get(id.success ? id.data : '00000000-0000-0000-0000-000000000000'));
  });

  return router;
}
