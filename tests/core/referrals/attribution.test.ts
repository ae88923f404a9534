// Influencer attribution rules: the 30-day window, first click wins, bots and repeats, self-referral, the
// per-IP flag, and the signed carrier cookie.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_WINDOW_DAYS,
  clickCounts,
  flagsIpBurst,
  isSelfReferral,
  keepsEarlierClick,
  normalizeReferralCode,
  signClickId,
  verifyClickCookie,
  withinAttributionWindow,
} from '../../../core/referrals/attribution';

const DAY = 86_400_000;
const t0 = new Date('2026-11-01T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('the 30-day attribution window', () => {
  it('holds on day 29 and on the 30th day exactly, not a moment after, nor for a click in the future', () => {
    expect(ATTRIBUTION_WINDOW_DAYS).toBe(30);
    expect(withinAttributionWindow(t0, at(29 * DAY))).toBe(true);
    expect(withinAttributionWindow(t0, at(30 * DAY))).toBe(true);
    expect(withinAttributionWindow(t0, at(30 * DAY + 1))).toBe(false);
    expect(withinAttributionWindow(t0, at(31 * DAY))).toBe(false);
    expect(withinAttributionWindow(at(1000), t0)).toBe(false);
  });

  it('first click wins: an earlier click inside its window is kept; none, or an expired one, is replaced', () => {
    expect(keepsEarlierClick({ clickedAt: t0 }, at(10 * DAY))).toBe(true);
    expect(keepsEarlierClick({ clickedAt: t0 }, at(31 * DAY))).toBe(false);
    expect(keepsEarlierClick(null, t0)).toBe(false);
  });
});

describe('which clicks count', () => {
  it('a bot never counts', () => {
    expect(clickCounts({ isBot: true, at: t0 }, null)).toBe(false);
  });
  it('a repeat from the same visitor within a minute counts once; after a minute it counts again', () => {
    expect(clickCounts({ isBot: false, at: t0 }, null)).toBe(true);
    expect(clickCounts({ isBot: false, at: at(59_999) }, t0)).toBe(false);
    expect(clickCounts({ isBot: false, at: at(60_000) }, t0)).toBe(true);
  });
  it('codes are compared trimmed and without case', () => {
    expect(normalizeReferralCode('  turma10 ')).toBe('TURMA10');
  });
});

describe('self-referral', () => {
  const influencer = { cpf: '529.982.247-25', email: 'Ana@Exemplo.com.br', phone: '(11) 98765-4321' };
  it('matches on the CPF, the e-mail or the phone, whatever the formatting', () => {
    expect(isSelfReferral(influencer, { cpf: '52998224725', email: 'x@y.com', phone: '21999990000' })).toBe(true);
    expect(isSelfReferral(influencer, { cpf: '11144477735', email: ' ana@exemplo.com.BR', phone: '21999990000' })).toBe(true);
    expect(isSelfReferral(influencer, { cpf: '11144477735', email: 'x@y.com', phone: '+55 11 98765-4321' })).toBe(true);
  });
  it('is false when nothing matches, and blanks never match blanks', () => {
    expect(isSelfReferral(influencer, { cpf: '11144477735', email: 'x@y.com', phone: '21999990000' })).toBe(false);
    expect(isSelfReferral({ cpf: null, email: '', phone: null }, { cpf: null, email: '', phone: null })).toBe(false);
  });
});

describe('the per-IP flag', () => {
  it('flags the 4th sign-up from one IP in a day for one code (3 earlier), not the 3rd', () => {
    expect(flagsIpBurst(2)).toBe(false);
    expect(flagsIpBurst(3)).toBe(true);
  });
});

describe('the signed carrier cookie', () => {
  const sign = (v: string) => createHmac('sha256', 'segredo').update(v).digest('base64url');
  const id = '7d0f7c1e-3c1b-4b7a-9f0e-2a6b1c9d8e7f';
  it('round-trips a click id and refuses tampering, another key and garbage', () => {
    const value = signClickId(id, sign);
    expect(verifyClickCookie(value, sign)).toBe(id);
    expect(verifyClickCookie(value.replace(id, '00000000-3c1b-4b7a-9f0e-2a6b1c9d8e7f'), sign)).toBeNull();
    expect(verifyClickCookie(value, (v) => createHmac('sha256', 'outro').update(v).digest('base64url'))).toBeNull();
    expect(verifyClickCookie('lixo', sign)).toBeNull();
    expect(verifyClickCookie(null, sign)).toBeNull();
  });
});
