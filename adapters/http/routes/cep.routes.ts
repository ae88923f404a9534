// CEP lookup (docs/api.md: GET /api/cep/:cep): the address and coordinates, or one 404 for every "returns nothing" (docs/product/spec.md §8).
import { z } from 'zod';
import { cepNotFound, type AddressService } from '../../../core/address/address.service';
import { cepAnswerSchema } from '../../../core/address/schemas';
import { TOKENS } from '../../tokens';
import { ContractRouter, reply } from '../contract';

export function cepRoutes() {
  return new ContractRouter({ tag: 'address' }).route({
    method: 'get',
    path: '/api/cep/:cep',
    summary: 'Look up a CEP: address and coordinates',
    guard: 'public',
    params: z.object({ cep: z.string().describe('8 digits, with or without the hyphen.') }),
    errors: [404],
    answers: { 200: { description: 'The address (cacheable for a day).', schema: cepAnswerSchema } },
    handler: async (ctx, { params }) => {
      const result = await ctx.container.get<AddressService>(TOKENS.AddressService).lookup(params.cep);
      if (!result) {
        // Not found may be an outage or a typo about to be fixed: nothing for a browser or proxy to keep.
        ctx.set('Cache-Control', 'no-store');
        throw cepNotFound();
      }
      // Addresses change rarely and a CEP is public data.
      ctx.set('Cache-Control', 'public, max-age=86400');
      return reply(200, result);
    },
  });
}
