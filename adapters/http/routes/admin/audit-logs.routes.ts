// Back office: the read-only audit trail (ra-data-simple-rest contract).
import { z } from 'zod';
import type { AuditLogService } from '../../../../core/audit/audit-log.service';
import { auditLogSchema } from '../../../../core/audit/schemas';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const isoDate = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()));
const text = z.string().trim().max(200);

const filterSchema = z.object({
  q: text.optional(),
  action: text.optional(),
  actor_email: text.optional(),
  actor_user_id: z.uuid().optional(),
  entity_type: text.optional(),
  entity_id: text.optional(),
  created_at_gte: isoDate.optional(),
  created_at_lte: isoDate.optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

const admin = { roles: ['admin' as const] };

export function auditLogAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<AuditLogService>(TOKENS.AuditLogService);

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/audit-logs' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Audit trail (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(filterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of entries, newest first by default.', schema: z.array(auditLogSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).list(query);
        sendList(ctx, 'audit-logs', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One audit entry',
      guard: admin,
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 200: { description: 'The entry.', schema: auditLogSchema } },
      handler: async (ctx, { params }) => {
        const id = z.uuid().safeParse(params.id);
        return reply(200, await service(ctx).get(id.success ? id.data : '00000000-0000-0000-0000-000000000000'));
      },
    });
}
