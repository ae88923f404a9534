// PIX keys (Banco Central's DICT): where payouts and boleto refunds are sent. A key is one of five types, each with its
// own format; the type is told apart by shape (or given), and the key is stored in the canonical form the DICT uses.
import { z } from 'zod';
import { isValidCpf, normalizeCpf, isValidCnpj, normalizeCnpj, emailSchema } from '../identity';

import { PIX_KEY_TYPES, type PixKeyType } from './ports';

export { PIX_KEY_TYPES, type PixKeyType } from './ports';

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  PHONE: 'Celular',
  EVP: 'Chave aleatória',
};

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// DICT phone keys are E.164: +55, a two-digit area code (11–99) and a mobile number (9 digits starting with 9).
const BR_MOBILE = /^(?:\+?55)?\(?([1-9][1-9])\)?9\d{8}$/;

/** The key in the DICT's canonical form, or null when it is not a valid key of that type. */
export function canonicalPixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  switch (type) {
    case 'CPF':
      return isValidCpf(value) ? normalizeCpf(value) : null;
    case 'CNPJ':
      return isValidCnpj(value) ? normalizeCnpj(value) : null;
    case 'EMAIL': {
      const parsed = emailSchema.safeParse(value);
      return parsed.success && parsed.data.length <= 77 ? parsed.data.toLowerCase() : null;
    }
    case 'PHONE': {
      const compact = value.replace(/[\s().-]/g, '');
      const m = BR_MOBILE.exec(compact);
      return m ? `+55${compact.replace(/^\+?55/, '')}` : null;
    }
    case 'EVP':
      return EVP.test(value) ? value.toLowerCase() : null;
  }
}

/** The type a typed key most likely is (for a form that asks only for the key). Ambiguous 11 digits: CPF first. */
export function detectPixKeyType(raw: string): PixKeyType | null {
  const value = raw.trim();
  if (EVP.test(value)) return 'EVP';
  if (value.includes('@')) return 'EMAIL';
  if (value.startsWith('+')) return canonicalPixKey('PHONE', value) ? 'PHONE' : null;
  if (canonicalPixKey('CPF', value)) return 'CPF';
  if (canonicalPixKey('CNPJ', value)) return 'CNPJ';
  if (canonicalPixKey('PHONE', value)) return 'PHONE';
  return null;
}

const PIX_KEY_MESSAGES: Record<PixKeyType, string> = {
  CPF: 'Chave PIX inválida: informe um CPF válido',
  CNPJ: 'Chave PIX inválida: informe um CNPJ válido',
  EMAIL: 'Chave PIX inválida: informe um e-mail válido',
  PHONE: 'Chave PIX inválida: informe um celular com DDD, ex.: (11) 91234-5678',
  EVP: 'Chave PIX inválida: a chave aleatória tem 32 caracteres no formato 123e4567-e89b-12d3-a456-426614174000',
};

/** `{ type, key }` as a form or the API sends it → the canonical key; field errors on `key`. */
export const pixKeySchema = z
  .object({
    type: z.enum(PIX_KEY_TYPES, { error: 'Escolha o tipo da chave PIX' }),
    key: z.string({ error: 'Informe a chave PIX' }).trim().min(1, { error: 'Informe a chave PIX' }).max(120, { error: 'Chave PIX longa demais' }),
  })
  .transform((v, ctx) => {
    const key = canonicalPixKey(v.type, v.key);
    if (!key) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: PIX_KEY_MESSAGES[v.type] });
      return z.NEVER;
    }
    return { type: v.type, key };
  });
export type PixKey = z.output<typeof pixKeySchema>;

/** How a key is shown back to its owner (masked where it is a document). */
export function maskPixKey({ type, key }: PixKey): string {
  if (type === 'CPF') return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
  if (type === 'CNPJ') return `${key.slice(0, 2)}.${key.slice(2, 5)}.***/****-${key.slice(12)}`;
  return key;
}
