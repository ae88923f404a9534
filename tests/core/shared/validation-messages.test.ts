// The en-US table of core's newer pt-BR validation messages (core/shared/validation-messages.ts): every message the
// influencer application, the PIX key, the referral code, the commission rate and the campaign form can produce has
// an English text, so an en-US user never reads Portuguese under a field.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { commissionRateSchema, influencerApplicationSchema, influencerReasonSchema, referralCodeSchema } from '../../../core/influencers';
import { pixKeySchema } from '../../../core/payments';
import { englishValidationMessage, VALIDATION_MESSAGES_EN } from '../../../core/shared/validation-messages';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('en-US for core\'s newer validation messages', () => {
  const cases: Array<[string, z.ZodType, unknown]> = [
    ['no network, no niche, no audience', influencerApplicationSchema, { pix_key: { type: 'EMAIL', key: 'a@b.com.br' } }],
    ['no social network', influencerApplicationSchema, { audience_size: 10, niche: 'Viagens', pix_key: { type: 'EMAIL', key: 'a@b.com.br' } }],
    ['negative and fractional audience', influencerApplicationSchema, { instagram: 'x', audience_size: -1.5, niche: 'V', pix_key: { type: 'EMAIL', key: 'a@b.com.br' } }],
    ['long handle', influencerApplicationSchema, { instagram: 'x'.repeat(101), audience_size: 1, niche: 'Viagens', pix_key: { type: 'EMAIL', key: 'a@b.com.br' } }],
    ['bad PIX keys', pixKeySchema, { type: 'CPF', key: '123' }],
    ['no PIX type', pixKeySchema, { key: '' }],
    ['e-mail PIX key', pixKeySchema, { type: 'EMAIL', key: 'nao-e-email' }],
    ['phone PIX key', pixKeySchema, { type: 'PHONE', key: '12' }],
    ['random PIX key', pixKeySchema, { type: 'EVP', key: 'abc' }],
    ['short code', referralCodeSchema, 'AB'],
    ['rate out of range', commissionRateSchema, 10_001],
    ['fractional rate', commissionRateSchema, 1.5],
    ['short reason', influencerReasonSchema, 'ok'],
  ];
  it.each(cases)('%s', (_name, schema, input) => {
    const messages = messagesOf(schema, input);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(englishValidationMessage(m), m).not.toBe(m);
  });
  it('keeps an unknown message as it is, and has no empty translation', () => {
    expect(englishValidationMessage('Mensagem que não está na tabela')).toBe('Mensagem que não está na tabela');
    for (const [pt, en] of Object.entries(VALIDATION_MESSAGES_EN)) {
      expect(en.trim(), pt).not.toBe('');
      expect(en, pt).not.toBe(pt);
    }
  });
});
