// Codes worth money come from the cryptographic source, not from Math.random (whose outputs can be predicted).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secureRandom } from '../../../core/shared/random';
import { CODE_ALPHABET, makeCode } from '../../../core/groups';
import { GroupService } from '../../../core/groups';
import { InfluencerService } from '../../../core/influencers';

afterEach(() => vi.restoreAllMocks());

describe('secureRandom', () => {
  it('returns numbers in [0, 1) from Web Crypto', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const values = Array.from({ length: 2000 }, () => secureRandom());
    expect(spy).toHaveBeenCalledTimes(2000);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // Spread over the interval: each tenth gets a share (2000 draws, ~200 expected per tenth).
    const tenths = new Array(10).fill(0);
    for (const v of values) tenths[Math.floor(v * 10)]++;
    expect(Math.min(...tenths)).toBeGreaterThan(100);
  });

  it('maps the extreme words to the ends of [0, 1)', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint32Array).fill(0xffffffff);
      return array;
    });
    expect(secureRandom()).toBeLessThan(1);
    expect(secureRandom()).toBeGreaterThan(0.9999999);
  });
});

describe('codes worth money ignore Math.random', () => {
  it('makeCode draws from the cryptographic source by default', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const codes = new Set(Array.from({ length: 20 }, () => makeCode(8)));
    expect(codes.size).toBe(20);
    for (const code of codes) expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
  });

  it('the group and influencer services default to the cryptographic source', () => {
    const group = new GroupService({} as never, { now: () => new Date() });
    const influencer = new InfluencerService({} as never, { now: () => new Date() });
    expect((group as unknown as { random: unknown }).random).toBe(secureRandom);
    expect((influencer as unknown as { random: unknown }).random).toBe(secureRandom);
  });
});
