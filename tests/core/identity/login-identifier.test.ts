// The sign-in identifier (docs/product/spec.md §5: e-mail or phone): an e-mail is lowercased, a phone becomes its digits.
import { describe, expect, it } from 'vitest';
import { isEmailIdentifier, loginSchema } from '../../../core/identity/auth-schemas';

const identify = (email: string) => loginSchema.safeParse({ email, password: 'x' });

describe('loginSchema', () => {
  it('reads an e-mail or a Brazilian phone', () => {
    expect(identify(' Ana@Exemplo.com ').data?.email).toBe('ana@exemplo.com');
    expect(identify('(11) 98765-4321').data?.email).toBe('11987654321');
    expect(identify('+55 11 98765-4321').data?.email).toBe('11987654321');
    expect(identify('1132654321').data?.email).toBe('1132654321');
    expect(isEmailIdentifier('ana@exemplo.com')).toBe(true);
    expect(isEmailIdentifier('11987654321')).toBe(false);
  });

  it('refuses anything else with the message of what it looks like', () => {
    expect(identify('ana@').error?.issues[0]?.message).toBe('Por favor, insira um e-mail válido');
    expect(identify('nao-e-email').error?.issues[0]?.message).toBe('Por favor, insira um e-mail válido');
    expect(identify('12345').error?.issues[0]?.message).toBe('Informe um e-mail ou telefone válido');
    expect(identify('00987654321').error?.issues[0]?.message).toBe('Informe um e-mail ou telefone válido');
    expect(identify('').error?.issues[0]?.message).toBe('Informe um e-mail ou telefone válido');
  });
});
