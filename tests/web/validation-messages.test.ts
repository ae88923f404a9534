// The web app's pt-BR validation messages are core's, word for word (web/lib/validation.ts maps one
// to the other; a drift would show a message the browser cannot translate).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/identity/account-schemas';
import { EMAIL_INVALID_MESSAGE } from '../../core/identity/auth-schemas';
import ptBR from '../../web/i18n/locales/pt-BR';
import enUS from '../../web/i18n/locales/en-US';

describe('validation messages (SPEC §5)', () => {
  it('pt-BR repeats core’s messages exactly', () => {
    const v = ptBR.validation;
    expect(v.terms).toBe(MESSAGES.terms);
    expect(v.passwordShort).toBe(MESSAGES.passwordShort);
    expect(v.fullName).toBe(MESSAGES.fullName);
    expect(v.phone).toBe(MESSAGES.phone);
    expect(v.birthDate).toBe(MESSAGES.birthDate);
    expect(v.underAge).toBe(MESSAGES.underAge);
    expect(v.cep).toBe(MESSAGES.cep);
    expect(v.number).toBe(MESSAGES.number);
    expect(v.forgotEmpty).toBe('Informe seu email');
    expect(v.forgotEmpty).toBe(MESSAGES.forgotEmpty);
    expect(v.forgotInvalid).toBe('E-mail inválido');
    expect(v.forgotInvalid).toBe(MESSAGES.forgotInvalid);
    expect(v.forgotHint).toBe('Digite um e-mail válido (ex: nome@exemplo.com)');
    expect(v.forgotHint).toBe(MESSAGES.forgotHint);
    expect(v.resetShort).toBe(MESSAGES.resetShort);
    expect(v.resetShortHint).toBe(MESSAGES.resetShortHint);
    expect(v.resetMismatch).toBe(MESSAGES.resetMismatch);
    expect(v.email).toBe(EMAIL_INVALID_MESSAGE);
  });

  it('en-US translates every key pt-BR has', () => {
    expect(Object.keys(enUS.validation).sort()).toEqual(Object.keys(ptBR.validation).sort());
  });
});
