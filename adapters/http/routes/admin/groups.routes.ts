// Back office: groups (ra-data-simple-rest list, one group with members and payments) and cancelling an open group,
// which refunds every paid entry through the normal path (ExpireGroupsFlow.cancel) and is audited.
import { z } from 'zod';
import type { ExpireGroupsFlow } from '../../../../core/flows/expire-groups.flow';
import { adminGroupDetailSchema, adminGroupSchema, groupAdminFilterSchema, groupCancelSchema, type GroupAdminFlow } from '../../../../core/flows/group-admin.flow';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function groupAdminRoutes() {
  const flow = (ctx: AppContext) => ctx.container.get<GroupAdminFlow>(TOKENS.GroupAdminFlow);

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/groups' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Groups (ra-data-simple-rest list, newest first)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(groupAdminFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of groups.', schema: z.array(adminGroupSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, groupAdminFilterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await flow(ctx).list(query);
        sendList(ctx, 'groups', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One group with its members and their entry payments',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The group.', schema: adminGroupDetailSchema } },
      handler: async (ctx, { params }) => reply(200, await flow(ctx).get(params.id)),
    })
    .route({
      method: 'post',
      path: '/:id/cancel',
      summary: 'Cancel an open group: holds released, every paid entry refunded (or credited, as the member chose)',
      guard: admin,
      params: idParams,
      body: groupCancelSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The cancelled group.', schema: adminGroupDetailSchema } },
      handler: async (ctx, { params, body }) => {
        const user = ctx.state.user!;
        await ctx.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).cancel(params.id, body.reason, { id: user.id, email: user.email });
        return reply(200, await flow(ctx).get(params.id));
      },
    });
}
