import { describe, it, expect } from 'vitest';
import { isVisitorType, sessionVisitorType, visitorTypeFromParams, visitorTypeSchema, type VisitorType } from '../../../core/referrals/visitor-type';

describe('visitor type', () => {
  it.each([
    ['SPEC §4: inf present → influencer', '?inf=ana', 'influencer'],
    ['SPEC §4: ref present → referral', '?ref=AB12', 'referral'],
    ['SPEC §4: neither → direct', '', 'direct'],
    ['SPEC §4: unrelated params → direct', '?utm_source=x&page=2', 'direct'],
    ['SPEC §4: inf wins over ref', '?ref=AB12&inf=ana', 'influencer'],
    ['SPEC §4: inf wins over ref whatever the order', '?inf=ana&ref=AB12', 'influencer'],
    ['SPEC §4 (decision): an empty inf counts as absent', '?inf=&ref=AB12', 'referral'],
    ['SPEC §4 (decision): a bare inf flag counts as absent', '?inf', 'direct'],
    ['SPEC §4 (decision): a blank ref counts as absent', '?ref=%20', 'direct'],
    ['SPEC §4: param names are case-sensitive', '?INF=ana', 'direct'],
  ])('%s (URLSearchParams %s)', (_name, query, expected) => {
    expect(visitorTypeFromParams(new URLSearchParams(query))).toBe(expected);
  });

  it.each<[string, Record<string, string | null | undefined>, string]>([
    ['SPEC §4: inf present → influencer', { inf: 'ana' }, 'influencer'],
    ['SPEC §4: ref present → referral', { ref: 'AB12' }, 'referral'],
    ['SPEC §4: inf wins over ref', { inf: 'ana', ref: 'AB12' }, 'influencer'],
    ['SPEC §4: null and undefined are absent', { inf: null, ref: undefined }, 'direct'],
    ['SPEC §4 (decision): empty string is absent', { inf: '', ref: 'AB12' }, 'referral'],
    ['SPEC §4: empty record → direct', {}, 'direct'],
  ])('%s (record)', (_name, params, expected) => {
    expect(visitorTypeFromParams(params)).toBe(expected);
  });
});

describe('sessionVisitorType', () => {
  it.each<[string, VisitorType | null, string, VisitorType]>([
    ['the first landing decides', null, 'ref=AB12', 'referral'],
    ['the redirect of /r/CODE?ref=X lands with both: influencer', null, 'ref=AB12&inf=TURMA10', 'influencer'],
    ['a plain page later keeps the type', 'referral', '', 'referral'],
    ['a stronger link later takes over', 'referral', 'inf=ana', 'influencer'],
    ['a weaker link later does not', 'influencer', 'ref=AB12', 'influencer'],
    ['direct then a referral link', 'direct', 'ref=AB12', 'referral'],
  ])('%s', (_name, stored, query, expected) => {
    expect(sessionVisitorType(stored, new URLSearchParams(query))).toBe(expected);
  });

  it('validates the stored and sent value', () => {
    expect(isVisitorType('influencer')).toBe(true);
    expect(isVisitorType('influenciador')).toBe(false);
    expect(visitorTypeSchema.safeParse('x').error?.issues[0]?.message).toBe('Tipo de visitante inválido');
  });
});
