// CEP lookup and city geocoding (docs/api.md: GET /api/cep/:cep, GET /api/geocode): 404 when the service knows no such
// CEP or place, 503 when the service is down — an outage never reads as the person's typo (docs/product/spec.md §8's "nothing").
import { z } from 'zod';
import type { Context } from 'koa';
import {
  cepLookupUnavailable,
  cepNotFound,
  geocoderUnavailable,
  placeNotFound,
  type AddressService,
} from '../../../core/address/address.service';
import { cepAnswerSchema, coordinatesAnswerSchema } from '../../../core/address/schemas';
import { ufSchema } from '../../../core/address/uf';
import type { RateLimitPolicy, RateLimiter } from '../../../core/ports/rate-limiter';
import { DomainError } from '../../../core/shared/errors';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { apiLocaleOf } from '../validation';

// The client speaks en-US: the same codes, in English (the web app shows its own translations by code and status).
const EN_US: Record<string, string> = {
  cep_not_found: 'CEP not found. Check the number or fill in the address by hand.',
  cep_lookup_unavailable: 'The CEP lookup service is down right now. Fill in the address by hand or try again in a moment.',
  place_not_found: 'We could not find this city. Check the name and the state.',
  geocoder_unavailable: 'The map service is down right now. Use your location or try again in a moment.',
  cep_lookup_ip: 'Too many CEP lookups in a short time. Wait a moment and try again.',
  geocode_ip: 'Too many city searches in a short time. Wait a moment and try again.',
};

const TOO_MANY: Record<'cep_lookup_ip' | 'geocode_ip', string> = {
  cep_lookup_ip: 'Muitas consultas de CEP em pouco tempo. Aguarde um pouco e tente de novo.',
  geocode_ip: 'Muitas buscas de cidade em pouco tempo. Aguarde um pouco e tente de novo.',
};

/** Each lookup may call a third-party service with a fair-use policy: counted per IP before it goes out (429 + Retry-After). */
async function limitLookups(ctx: AppContext, policy: Extract<RateLimitPolicy, 'cep_lookup_ip' | 'geocode_ip'>) {
  const state = await ctx.container.get<RateLimiter>(TOKENS.RateLimiter).hit(policy, (ctx as Context).ip || 'desconhecido');
  if (!state.blocked) return;
  ctx.set('Cache-Control', 'no-store');
  const message = (apiLocaleOf(ctx) === 'en-US' ? EN_US[policy] : undefined) ?? TOO_MANY[policy];
  throw new DomainError('rate_limited', 'rate_limited', message, { details: { retry_after_seconds: state.retryAfterSeconds } });
}

/** Nothing to keep in a browser or proxy (a typo about to be fixed, an outage), and the error in the reader's language. */
function refuse(ctx: AppContext, error: DomainError): never {
  ctx.set('Cache-Control', 'no-store');
  if (error.kind === 'unavailable') ctx.set('Retry-After', '30');
  const english = apiLocaleOf(ctx) === 'en-US' ? EN_US[error.code] : undefined;
  throw english ? new DomainError(error.kind, error.code, english) : error;
}

export function cepRoutes() {
  const addresses = (ctx: AppContext) => ctx.container.get<AddressService>(TOKENS.AddressService);
  return new ContractRouter({ tag: 'address' })
    .route({
      method: 'get',
      path: '/api/cep/:cep',
      summary: 'Look up a CEP: address and coordinates',
      description:
        '429 `rate_limited` (with Retry-After) past ADDRESS_LOOKUP_LIMIT lookups per IP per 5 minutes. 404 `cep_not_found` when the CEP has 8 digits the postal service does not know (or no street and no city); 503 `cep_lookup_unavailable` when the postal service is down, slow or answers garbage: the client lets the person type the address either way.',
      guard: 'public',
      params: z.object({ cep: z.string().describe('8 digits, with or without the hyphen.') }),
      errors: [404, 429, 503],
      answers: { 200: { description: 'The address (cacheable for a day).', schema: cepAnswerSchema } },
      handler: async (ctx, { params }) => {
        await limitLookups(ctx, 'cep_lookup_ip');
        const found = await addresses(ctx).find(params.cep);
        if (found.status === 'not_found') refuse(ctx, cepNotFound());
        if (found.status === 'unavailable') refuse(ctx, cepLookupUnavailable());
        // Addresses change rarely and a CEP is public data.
        ctx.set('Cache-Control', 'public, max-age=86400');
        return reply(200, found.address);
      },
    })
    .route({
      method: 'get',
      path: '/api/geocode',
      summary: 'Coordinates of a city (a search origin when the CEP lookup cannot give one)',
      description: '429 `rate_limited` (with Retry-After) past ADDRESS_LOOKUP_LIMIT searches per IP per 5 minutes. 404 `place_not_found` when the map service knows no such city in that state; 503 `geocoder_unavailable` when it is down.',
      guard: 'public',
      query: z.object({
        city: z.string({ error: 'Informe a cidade' }).trim().min(1, { error: 'Informe a cidade' }).max(80, { error: 'Nome de cidade longo demais' }),
        state: ufSchema,
      }),
      errors: [404, 429, 503],
      answers: { 200: { description: 'The city centre (cacheable for a day).', schema: coordinatesAnswerSchema } },
      handler: async (ctx, { query }) => {
        await limitLookups(ctx, 'geocode_ip');
        const located = await addresses(ctx).locate({ street: '', city: query.city, state: query.state });
        if (located.status === 'not_found') refuse(ctx, placeNotFound());
        if (located.status === 'failed') refuse(ctx, geocoderUnavailable());
        ctx.set('Cache-Control', 'public, max-age=86400');
        return reply(200, located.value);
      },
    });
}
