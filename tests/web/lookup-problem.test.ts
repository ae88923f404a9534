// Why an address lookup gave nothing decides the sentence on screen: a 429 (ADDRESS_LOOKUP_LIMIT) is "too many lookups,
// wait a moment" in both locales, never the outage's or the wrong-CEP's words.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/lib/api';
import { lookupProblemOf } from '../../web/lib/cep';
import ptBR from '../../web/i18n/locales/pt-BR';
import enUS from '../../web/i18n/locales/en-US';

describe('lookupProblemOf', () => {
  it.each([
    [new ApiError(429, 'rate_limited', 'Muitas consultas de CEP em pouco tempo.'), 'rate_limited'],
    [new ApiError(503, 'cep_lookup_unavailable', 'fora do ar'), 'unavailable'],
    [new ApiError(404, 'cep_not_found', 'não encontrado'), 'not_found'],
    [new ApiError(0, 'network_error', 'sem rede'), 'offline'],
    [new Error('?'), 'unavailable'],
  ] as const)('%s → %s', (error, problem) => {
    expect(lookupProblemOf(error)).toBe(problem);
  });

  it('the rate limit has its own words in pt-BR and en-US', () => {
    expect(ptBR.address.rateLimited).toBe('Muitas consultas seguidas. Aguarde um instante e tente de novo.');
    expect(enUS.address.rateLimited).toBe('Too many lookups in a row. Wait a moment and try again.');
  });
});
