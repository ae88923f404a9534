import { describe, it, expect } from 'vitest';
import { isOrigin, originForNewUser, originForPath, type Origin } from '../../../core/referrals/origin';

describe('profile origin', () => {
  it.each<[string, string, Origin | null, Origin | null]>([
    ['SPEC §4: /ref/ path → influenciador', '/ref/ANA10', null, 'influenciador'],
    ['SPEC §2/docs/product/referrals.md: /r/ alias → influenciador', '/r/ANA10', null, 'influenciador'],
    ['SPEC §2/docs/product/referrals.md: /indicacao/ alias → influenciador', '/indicacao/ANA10', null, 'influenciador'],
    ['SPEC §4: /ref/ overwrites an existing origin', '/ref/ANA10', 'www', 'influenciador'],
    ['SPEC §4: /join/ path → usuario', '/join/g1/AB12', null, 'usuario'],
    ['SPEC §4: /join/ overwrites an existing origin', '/join/g1/AB12', 'influenciador', 'usuario'],
    ['SPEC §4: / with no origin yet → www', '/', null, 'www'],
    ['SPEC §4: /auth with no origin yet → www', '/auth', null, 'www'],
    ['SPEC §4: /auth/ with no origin yet → www', '/auth/', null, 'www'],
    ['SPEC §4: / keeps an existing origin', '/', 'influenciador', null],
    ['SPEC §4: /auth keeps an existing origin', '/auth', 'usuario', null],
    ['SPEC §4: /auth/callback is not an entry page', '/auth/callback', null, null],
    ['SPEC §4: other paths leave the origin alone', '/marketplace/products', null, null],
    ['SPEC §4: a lookalike path is not a referral', '/referral/ANA10', null, null],
    ['SPEC §4: /r without a code is not a referral', '/r', null, null],
    ['SPEC §4: /rx/ is not the /r/ alias', '/rx/ANA10', null, null],
    ['the landing an influencer link leads to (/?inf=) → influenciador', '/?inf=ANA10', null, 'influenciador'],
    ['/?inf= overwrites an existing origin, as the link itself does', '/?ref=AB12&inf=ANA10', 'usuario', 'influenciador'],
    ['a referral code alone (/?ref=) is not an influencer link', '/?ref=AB12', 'www', null],
    ['/?inf= off an entry page leaves the origin alone', '/marketplace/products?inf=ANA10', null, null],
  ])('%s (%s, current %s)', (_name, path, current, expected) => {
    expect(originForPath(path, current)).toBe(expected);
  });

  it.each<[string, string | null | undefined, Origin]>([
    ['SPEC §4: a stored influenciador session origin is kept', 'influenciador', 'influenciador'],
    ['SPEC §4: a stored usuario session origin is kept', 'usuario', 'usuario'],
    ['SPEC §4: a stored www session origin is kept', 'www', 'www'],
    ['SPEC §4: no session origin → www', null, 'www'],
    ['SPEC §4: undefined session origin → www', undefined, 'www'],
    ['SPEC §4: an unknown session origin → www', 'facebook', 'www'],
    ['SPEC §4: origins are exact values', 'Influenciador', 'www'],
  ])('%s', (_name, session, expected) => {
    expect(originForNewUser(session)).toBe(expected);
  });

  it.each([
    ['influenciador', true],
    ['usuario', true],
    ['www', true],
    ['', false],
    [null, false],
    [42, false],
  ])('SPEC §3: isOrigin(%j) is %s', (value, ok) => {
    expect(isOrigin(value)).toBe(ok);
  });
});
