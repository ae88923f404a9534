import { describe, it, expect } from 'vitest';
import { ROLES, normalizeRole } from '../../../core/identity/roles';

describe('roles', () => {
  it('SPEC §6: roles are user, professional, influencer, admin', () => {
    expect(ROLES).toEqual(['user', 'professional', 'influencer', 'admin']);
  });

  it.each([
    ['admin', 'admin'],
    ['professional', 'professional'],
    ['influencer', 'influencer'],
    ['user', 'user'],
    ['superuser', 'user'],
    ['ADMIN', 'user'], // exact match only: a malformed value never gains privileges
    [' admin', 'user'],
    ['', 'user'],
    [null, 'user'],
    [undefined, 'user'],
    [1, 'user'],
    [{ role: 'admin' }, 'user'],
  ])('SPEC §3: role %j normalises to %s (else user)', (value, expected) => {
    expect(normalizeRole(value)).toBe(expected);
  });
});
