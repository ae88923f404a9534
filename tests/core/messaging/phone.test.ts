// Brazilian mobiles typed any way become E.164; landlines, foreign and malformed numbers are refused with a reason.
// The double opt-in's code: 6 digits, stored hashed, 10 minutes, 5 tries, one new code a minute.
import { describe, expect, it } from 'vitest';
import { normalizeBrazilianMobile } from '../../../core/messaging/phone';
import { OPTIN_CODE_TTL_MS, OPTIN_MAX_ATTEMPTS, OPTIN_RESEND_MS, optinCode } from '../../../core/messaging/preferences.service';
import { messagingWorld } from './support';

describe('normalizeBrazilianMobile', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['+55 11 98765 4321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'],
    ['(21) 8765-4321', '+5521987654321'],
  ])('%s → %s', (typed, e164) => {
    expect(normalizeBrazilianMobile(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', 'empty'],
    ['+1 415 555 2671', 'not_brazil'],
    ['(10) 98765-4321', 'bad_ddd'],
    ['(11) 3456-7890', 'not_mobile'],
    ['(11) 88765-43210', 'length'],
    ['123', 'length'],
  ])('%s is refused (%s)', (typed, reason) => {
    expect(normalizeBrazilianMobile(typed)).toEqual({ ok: false, reason });
  });
});

describe('the WhatsApp opt-in code', () => {
  it('is six digits', () => {
    for (let i = 0; i < 50; i++) expect(optinCode()).toMatch(/^\d{6}$/);
  });

  it('is stored hashed, expires, allows a few tries and one new code a minute', async () => {
    const w = messagingWorld();
    const p = w.person();
    await w.preferences.startWhatsapp(p, '11987654321');
    const code = w.uow.jobsNamed('whatsapp.optin').at(-1)!.code;
    // The digest, not the code (the HTTP test checks the real keyed hash never contains it).
    expect(w.db.whatsappOptins.get(p.id)!.code_hash).not.toBe(code);
    await expect(w.preferences.startWhatsapp(p, '11987654321')).rejects.toMatchObject({ code: 'optin_too_soon' });

    for (let i = 0; i < OPTIN_MAX_ATTEMPTS; i++) await expect(w.preferences.confirmWhatsapp(p, code === '000000' ? '111111' : '000000')).rejects.toMatchObject({ code: 'wrong_code' });
    await expect(w.preferences.confirmWhatsapp(p, code)).rejects.toMatchObject({ code: 'too_many_attempts' });

    w.clock.advance(OPTIN_RESEND_MS);
    await w.preferences.startWhatsapp(p, '11987654321');
    const second = w.uow.jobsNamed('whatsapp.optin').at(-1)!.code;
    w.clock.advance(OPTIN_CODE_TTL_MS);
    await expect(w.preferences.confirmWhatsapp(p, second)).rejects.toMatchObject({ code: 'code_expired' });
    expect(await w.preferences.whatsappNumber(p.id)).toBeNull();
  });
});
