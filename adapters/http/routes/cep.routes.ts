// CEP lookup (API.md: GET /api/cep/:cep): the address and coordinates, or one 404 for every "returns nothing" (SPEC.md §8).
import Router from '@koa/router';
import { cepNotFound, type AddressService } from '../../../core/address/address.service';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';

export function cepRoutes() {
  const router = new Router<AppContext['state'], AppContext>();

  router.get('/api/cep/:cep', async (ctx) => {
    const result = await ctx.container.get<AddressService>(TOKENS.AddressService).lookup(ctx.params.cep ?? '');
    if (!result) {
      // Not found may be an outage or a typo about to be fixed: nothing for a browser or proxy to keep.
      ctx.set('Cache-Control', 'no-store');
      throw cepNotFound();
    }
    // Addresses change rarely and a CEP is public data.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = result;
  });

  return router;
}
