// CPF (Brazilian individual taxpayer number): the check-digit rule, the display mask and a generator for seeds.
import { z } from 'zod';
import { CPF_LENGTH, formatCpf, normalizeCpf } from './cpf-format';

export { CPF_LENGTH, formatCpf, normalizeCpf };

// Bare digits or the usual mask (dots and dash optional); letters or stray symbols are a typo, not a CPF.
const CPF_SHAPE = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** Module-11 check digit over the first `length` digits, with weights length+1 … 2. */
function checkDigit(digits: readonly number[], length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(s: string): boolean {
  const trimmed = s.trim();
  if (!CPF_SHAPE.test(trimmed)) return false;
  const digits = [...normalizeCpf(trimmed)].map(Number);
  // 000.000.000-00 … 999.999.999-99 pass the arithmetic but are not issued; the Receita rejects them.
  if (digits.every((d) => d === digits[0])) return false;
  return checkDigit(digits, 9) === digits[9] && checkDigit(digits, 10) === digits[10];
}

/** A valid CPF (digits only) from `random` in [0, 1); deterministic for a seeded source. */
export function generateCpf(random: () => number): string {
  const digits = Array.from({ length: 9 }, () => Math.min(9, Math.max(0, Math.floor(random() * 10))));
  // A repeated-digit base would give an all-same CPF, which isValidCpf rejects; nudge one digit instead of
  // looping, so even a constant `random` terminates.
  if (digits.every((d) => d === digits[0])) digits[8] = ((digits[8] ?? 0) + 1) % 10;
  digits.push(checkDigit(digits, 9));
  digits.push(checkDigit(digits, 10));
  return digits.join('');
}

/** Form and API field: accepts the mask or bare digits, yields bare digits. */
export const cpfSchema = z
  .string({ error: 'Informe o CPF' })
  .refine(isValidCpf, { error: 'CPF inválido' })
  .transform((s) => normalizeCpf(s));
