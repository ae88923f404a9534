// Back office: accounts (/admin/users) — search by name, e-mail or CPF (ra-data-simple-rest), the account with its
// groups, orders and payments, and the operator's actions (role, block, unblock, end sessions, resend confirmation),
// each audited with its before and after by UserAdminService.
import { z } from 'zod';
import {
  adminUserDetailSchema,
  adminUserListFilterSchema,
  adminUserSchema,
  toAdminUser,
  toAdminUserDetail,
  userBlockBodySchema,
  userRoleBodySchema,
  USER_SORTABLE,
  type OperatorMeta,
  type UserAdminService,
} from '../../../../core/identity';
import { TOKENS } from '../../../tokens';
import { requestMeta, type AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function userAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<UserAdminService>(TOKENS.UserAdminService);
  const operator = (ctx: AppContext): OperatorMeta => {
    const meta = requestMeta(ctx);
    return { actorUserId: ctx.state.user!.id, actorEmail: ctx.state.user!.email, ip: meta.ip, userAgent: meta.userAgent, requestId: meta.requestId };
  };
  // Only ids here: an e-mail in the path would be a second way to name an account (the CLI takes those).
  const uuid = (id: string) => (z.uuid().safeParse(id).success ? id : '00000000-0000-0000-0000-000000000000');
  const detail = async (ctx: AppContext, id: string) => toAdminUserDetail(await service(ctx).detail(id));

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/users' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Accounts: search by name, e-mail or CPF; filter by role and status (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminUserListFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of accounts, newest first by default.', schema: z.array(adminUserSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminUserListFilterSchema, { field: 'created_at', order: 'DESC' });
        const field = (USER_SORTABLE as readonly string[]).includes(query.sort.field) ? (query.sort.field as (typeof USER_SORTABLE)[number]) : 'created_at';
        const { items, total } = await service(ctx).listRange({ ...query.filter, sort: { field, order: query.sort.order }, offset: query.offset, limit: query.limit });
        const rows = items.map(toAdminUser);
        sendList(ctx, 'users', query, rows, total);
        return reply(200, rows);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One account with its profile, groups, orders and payments',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The account.', schema: adminUserDetailSchema } },
      handler: async (ctx, { params }) => reply(200, await detail(ctx, uuid(params.id))),
    })
    .route({
      method: 'post',
      path: '/:id/role',
      summary: 'Change the role (ends the sessions; the last administrator keeps the role: 409)',
      guard: admin,
      params: idParams,
      body: userRoleBodySchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The account.', schema: adminUserDetailSchema } },
      handler: async (ctx, { params, body }) => {
        await service(ctx).setRole(uuid(params.id), body.role, operator(ctx));
        return reply(200, await detail(ctx, params.id));
      },
    })
    .route({
      method: 'post',
      path: '/:id/block',
      summary: 'Block with a reason: the sessions end and sign-in is refused (the last administrator: 409)',
      guard: admin,
      params: idParams,
      body: userBlockBodySchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The account.', schema: adminUserDetailSchema } },
      handler: async (ctx, { params, body }) => {
        await service(ctx).block(uuid(params.id), body.reason, operator(ctx));
        return reply(200, await detail(ctx, params.id));
      },
    })
    .route({
      method: 'post',
      path: '/:id/unblock',
      summary: 'Unblock',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The account.', schema: adminUserDetailSchema } },
      handler: async (ctx, { params }) => {
        await service(ctx).unblock(uuid(params.id), operator(ctx));
        return reply(200, await detail(ctx, params.id));
      },
    })
    .route({
      method: 'post',
      path: '/:id/end-sessions',
      summary: 'Sign the account out everywhere',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'How many sessions ended.', schema: z.object({ id: z.string(), sessions_ended: z.number().int() }) } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).endSessions(uuid(params.id), operator(ctx))),
    })
    .route({
      method: 'post',
      path: '/:id/resend-confirmation',
      summary: 'E-mail a new confirmation link to an unconfirmed account (409 when already confirmed or blocked)',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'Sent.', schema: z.object({ id: z.string(), sent: z.literal(true) }) } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).resendConfirmation(uuid(params.id), operator(ctx))),
    });
}
