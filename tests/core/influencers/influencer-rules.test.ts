// Influencer rules: states, the readable code, the rate and the application schema.
import { describe, expect, it } from 'vitest';
import {
  canMoveInfluencer,
  assertInfluencerMove,
  codeCandidates,
  codeStem,
  commissionRateSchema,
  formatRate,
  influencerApplicationSchema,
  percentToBp,
  referralCodeSchema,
} from '../../../core/influencers/influencer-rules';

describe('states', () => {
  it('pending → approved|rejected, approved ⇄ suspended, rejected → pending; nothing else', () => {
    expect(canMoveInfluencer('pending', 'approved')).toBe(true);
    expect(canMoveInfluencer('pending', 'rejected')).toBe(true);
    expect(canMoveInfluencer('approved', 'suspended')).toBe(true);
    expect(canMoveInfluencer('suspended', 'approved')).toBe(true);
    expect(canMoveInfluencer('rejected', 'pending')).toBe(true);
    expect(canMoveInfluencer('pending', 'suspended')).toBe(false);
    expect(canMoveInfluencer('rejected', 'approved')).toBe(false);
    expect(canMoveInfluencer('approved', 'rejected')).toBe(false);
    expect(() => assertInfluencerMove('rejected', 'suspended')).toThrow('Não é possível passar de "Recusado" para "Suspenso".');
  });
});

describe('the referral code', () => {
  it('is readable: the first name without accents, upper-cased, plus digits; 4–20 of [A-Z0-9]', () => {
    expect(codeStem('  júlia   Araújo')).toBe('JULIA');
    expect(codeStem('Ó')).toBe('TURMA');
    const seq = [0.12, 0.5, 0.07, 0.99, 0.3];
    let i = 0;
    const codes = codeCandidates('Júlia Araújo', () => seq[i++ % seq.length]!, 10);
    expect(codes[0]).toBe('JULIA12');
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{4,20}$/);
    expect(codeCandidates('Maximiliano Pereira', () => 0.5)[0]!.length).toBeLessThanOrEqual(20);
  });
  it('a typed code is trimmed and upper-cased; too short, too long or with symbols is refused', () => {
    expect(referralCodeSchema.parse(' ana2026 ')).toBe('ANA2026');
    expect(referralCodeSchema.safeParse('ABC').success).toBe(false);
    expect(referralCodeSchema.safeParse('A'.repeat(21)).success).toBe(false);
    expect(referralCodeSchema.safeParse('ANA-10').success).toBe(false);
    expect(referralCodeSchema.safeParse('JOÃO10').success).toBe(false);
  });
});

describe('the rate and the application', () => {
  it('the rate is 0–10000 basis points, shown as a pt-BR percentage', () => {
    expect(commissionRateSchema.safeParse(1250).success).toBe(true);
    expect(commissionRateSchema.safeParse(10_001).success).toBe(false);
    expect(commissionRateSchema.safeParse(12.5).success).toBe(false);
    expect(formatRate(1250)).toBe('12,5%');
  });
  it('needs at least one social handle (the @ is dropped), the audience, the niche and a valid PIX key', () => {
    const ok = influencerApplicationSchema.parse({ instagram: '@ana.fit', audience_size: '12000', niche: 'Fitness', pix_key: { type: 'EMAIL', key: 'ana@exemplo.com.br' } });
    expect(ok).toMatchObject({ instagram: 'ana.fit', tiktok: null, youtube: null, audience_size: 12000 });
    const none = influencerApplicationSchema.safeParse({ audience_size: 10, niche: 'Moda', pix_key: { type: 'EMAIL', key: 'a@b.com' } });
    expect(none.success).toBe(false);
    expect(none.error!.issues[0]!.message).toBe('Informe ao menos uma rede social (Instagram, TikTok ou YouTube).');
    expect(influencerApplicationSchema.safeParse({ tiktok: 'ana', audience_size: 10, niche: 'Moda', pix_key: { type: 'CPF', key: '123' } }).success).toBe(false);
  });
});

describe('a typed percentage', () => {
  it('"12,5" and "12.5" are 1250 bp; blank, negative, over 100 or text are refused', () => {
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp(' 12.5 ')).toBe(1250);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['', ' ', '-1', '100,01', 'dez']) expect(percentToBp(bad)).toBeNull();
  });
});
