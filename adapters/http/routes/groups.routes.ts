// Groups (API.md): create, join by invite, auto-match into a plan, the public invite view, my groups.
import Router from '@koa/router';
import { z } from 'zod';
import type { GroupService } from '../../../core/groups/group.service';
import { TOKENS } from '../../tokens';
import type { WalletService } from '../../../core/wallet/wallet.service';
import { requestMeta, type AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

const referral = z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/, { message: 'Código de convite inválido' });

export function groupRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const groups = (ctx: AppContext) => ctx.container.get<GroupService>(TOKENS.GroupService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  router.post('/api/groups', requireUser(), async (ctx) => {
    const { plan_id } = parseInput(z.object({ plan_id: z.uuid({ message: 'Plano inválido' }) }), ctx.request.body);
    ctx.status = 201;
    ctx.body = await groups(ctx).createGroup(actor(ctx), plan_id, requestMeta(ctx));
  });

  router.post('/api/groups/:id/join', requireUser(), async (ctx) => {
    const { referral_code } = parseInput(z.object({ referral_code: referral.optional() }), ctx.request.body);
    ctx.status = 201;
    ctx.body = await groups(ctx).joinGroup(actor(ctx), ctx.params.id ?? '', referral_code ?? null, requestMeta(ctx));
  });

  router.post('/api/plans/:id/join', requireUser(), async (ctx) => {
    ctx.status = 201;
    ctx.body = await groups(ctx).autoJoin(actor(ctx), ctx.params.id ?? '', requestMeta(ctx));
  });

  router.get('/api/groups/:id', async (ctx) => {
    const { referral_code } = parseInput(z.object({ referral_code: referral.optional() }), ctx.query);
    ctx.body = await groups(ctx).publicGroup(ctx.params.id ?? '', referral_code ?? null);
  });

  router.get('/api/me/groups', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await groups(ctx).myGroups(actor(ctx));
  });

  // The wallet: balance and newest entries (credit from expired groups, referral bonuses).
  router.get('/api/me/wallet', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await ctx.container.get<WalletService>(TOKENS.WalletService).summary(ctx.state.user!.id);
  });

  router.patch('/api/me/memberships/:id', requireUser(), async (ctx) => {
    const { refund_to } = parseInput(z.object({ refund_to: z.enum(['original', 'wallet'], { message: 'Escolha reembolso ou crédito na carteira' }) }), ctx.request.body);
    ctx.body = await groups(ctx).setRefundPreference(actor(ctx), ctx.params.id ?? '', refund_to);
  });

  return router;
}
