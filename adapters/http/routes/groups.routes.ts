// Groups (docs/api.md): create, join by invite, auto-match into a plan, the public invite view, my groups.
import { inviteCodeSchema } from '../../../core/groups';
import { z } from 'zod';
import type { GroupService } from '../../../core/groups/group.service';
import type { GroupEscrowService } from '../../../core/groups/escrow.service';
import { groupEscrowSchema } from '../../../core/groups/escrow-schemas';
import { heldPlaceSchema, myGroupsSchema, myVouchersSchema, publicGroupSchema, refundPreferenceSchema, withdrawalResultSchema } from '../../../core/groups/schemas';
import type { MyVouchersFlow } from '../../../core/flows/my-vouchers.flow';
import type { WithdrawalFlow } from '../../../core/flows/withdrawal.flow';
import QRCode from 'qrcode';
import type { WalletService } from '../../../core/wallet/wallet.service';
import { walletSummarySchema } from '../../../core/wallet/schemas';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const referral = inviteCodeSchema;
const idParams = z.object({ id: z.string() });

export function groupRoutes() {
  const groups = (ctx: AppContext) => ctx.container.get<GroupService>(TOKENS.GroupService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'groups' })
    .route({
      method: 'post',
      path: '/api/groups',
      summary: 'Start a group for a plan, holding the caller\'s place',
      guard: 'user',
      body: z.object({ plan_id: z.uuid({ message: 'Plano inválido' }) }),
      errors: [404, 409],
      answers: { 201: { description: 'The new group and the held place.', schema: heldPlaceSchema } },
      handler: async (ctx, { body }) => (reply(201, await groups(ctx).createGroup(actor(ctx), body.plan_id, requestMeta(ctx)))),
    })
    .route({
      method: 'post',
      path: '/api/groups/:id/join',
      summary: 'Join a group by invite',
      guard: 'user',
      params: idParams,
      body: z.object({ referral_code: referral.optional() }),
      errors: [404, 409],
      answers: { 201: { description: 'The caller\'s held place.', schema: heldPlaceSchema } },
      handler: async (ctx, { params, body }) =>
        reply(201, await groups(ctx).joinGroup(actor(ctx), params.id, body.referral_code ?? null, requestMeta(ctx))),
    })
    .route({
      method: 'post',
      path: '/api/plans/:id/join',
      summary: 'Auto-match into an open group of the plan (or a new one)',
      guard: 'user',
      params: idParams,
      errors: [404, 409],
      answers: { 201: { description: 'The caller\'s held place.', schema: heldPlaceSchema } },
      handler: async (ctx, { params }) => (reply(201, await groups(ctx).autoJoin(actor(ctx), params.id, requestMeta(ctx)))),
    })
    .route({
      method: 'get',
      path: '/api/groups/:id',
      summary: 'The invite view of a group (anyone with the link)',
      guard: 'public',
      params: idParams,
      query: z.object({ referral_code: referral.optional() }),
      errors: [404],
      answers: { 200: { description: 'Plan, status, places and the inviter\'s first name.', schema: publicGroupSchema } },
      handler: async (ctx, { params, query }) => (reply(200, await groups(ctx).publicGroup(params.id, query.referral_code ?? null))),
    })
    // Where the group's money is (docs/product/group-purchase.md#where-the-money-is): totals and first names, for its members only.
    .route({
      method: 'get',
      path: '/api/groups/:id/escrow',
      summary: "Where a group's money is: held, refunded, credited, released, paid out or shipped (members only)",
      guard: 'user',
      params: idParams,
      errors: [403, 404],
      answers: { 200: { description: 'Totals in centavos and first names; the caller\'s own amounts in `mine`.', schema: groupEscrowSchema } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await ctx.container.get<GroupEscrowService>(TOKENS.GroupEscrowService).forMember(actor(ctx), params.id));
      },
    })
    .route({
      method: 'get',
      path: '/api/me/groups',
      summary: 'The caller\'s groups, places and vouchers',
      guard: 'user',
      answers: { 200: { description: 'Newest first.', schema: myGroupsSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await groups(ctx).myGroups(actor(ctx)));
      },
    })
    // The member's vouchers (groups own them): code, QR code, who redeemed it, whether it can be reviewed.
    .route({
      method: 'get',
      path: '/api/me/vouchers',
      summary: 'The caller\'s own vouchers with their QR codes',
      guard: 'user',
      answers: { 200: { description: 'Newest first; `can_review` once redeemed and not yet reviewed (90 days).', schema: myVouchersSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        const { items } = await ctx.container.get<MyVouchersFlow>(TOKENS.MyVouchersFlow).list(ctx.state.user!.id);
        const withQr = await Promise.all(
          items.map(async (item) => ({ ...item, qr_svg: await QRCode.toString(item.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) })),
        );
        return reply(200, { items: withQr });
      },
    })
    // The wallet: balance and newest entries (credit from expired groups, referral bonuses).
    .route({
      method: 'get',
      path: '/api/me/wallet',
      summary: 'The wallet: balance and newest entries',
      guard: 'user',
      answers: { 200: { description: 'Balance in centavos and the newest entries.', schema: walletSummarySchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await ctx.container.get<WalletService>(TOKENS.WalletService).summary(ctx.state.user!.id));
      },
    })
    .route({
      method: 'patch',
      path: '/api/me/memberships/:id',
      summary: 'Choose how a place is refunded if its group fails',
      guard: 'user',
      params: idParams,
      body: z.object({ refund_to: z.enum(['original', 'wallet'], { message: 'Escolha reembolso ou crédito na carteira' }) }),
      errors: [404, 409],
      answers: { 200: { description: 'The stored preference.', schema: refundPreferenceSchema } },
      handler: async (ctx, { params, body }) => (reply(200, await groups(ctx).setRefundPreference(actor(ctx), params.id, body.refund_to))),
    })
    // CDC art. 49: the member withdraws within 7 days — the place freed, or the completed group's purchase.
    .route({
      method: 'post',
      path: '/api/me/memberships/:id/withdraw',
      summary: 'Withdraw from a group purchase within 7 days (CDC art. 49)',
      guard: 'user',
      params: idParams,
      body: z.object({ destination: z.enum(['original', 'wallet'], { message: 'Escolha reembolso ou crédito na carteira' }).optional() }),
      errors: [404, 409],
      answers: { 200: { description: 'The withdrawal done and the refund started (or the wallet credited).', schema: withdrawalResultSchema } },
      handler: async (ctx, { params, body }) =>
        reply(200, await ctx.container.get<WithdrawalFlow>(TOKENS.WithdrawalFlow).withdraw(actor(ctx), params.id, body.destination ?? 'original', requestMeta(ctx))),
    });
}
