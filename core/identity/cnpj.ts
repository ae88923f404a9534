// CNPJ (Brazilian company taxpayer number): the check-digit rule, the display mask and a generator for seeds.
import { z } from 'zod';

export const CNPJ_LENGTH = 14;

export const normalizeCnpj = (s: string) => s.replace(/\D/g, '');

// Bare digits or the usual mask 12.345.678/0001-95 (punctuation optional).
const CNPJ_SHAPE = /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/;
const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * (digits[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(s: string): boolean {
  const trimmed = s.trim();
  if (!CNPJ_SHAPE.test(trimmed)) return false;
  const digits = [...normalizeCnpj(trimmed)].map(Number);
  if (digits.every((d) => d === digits[0])) return false;
  return checkDigit(digits, WEIGHTS_1) === digits[12] && checkDigit(digits, WEIGHTS_2) === digits[13];
}

/** 11222333000181 → 11.222.333/0001-81 (progressive while typing; digits beyond 14 dropped). */
export function formatCnpj(s: string): string {
  const d = normalizeCnpj(s).slice(0, CNPJ_LENGTH);
  if (d.length <= 2) return d;
  if (d.length <= 5) return `${d.slice(0, 2)}.${d.slice(2)}`;
  if (d.length <= 8) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}`;
  if (d.length <= 12) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** A valid CNPJ (digits only, branch 0001) from `random` in [0, 1); deterministic for a seeded source. */
export function generateCnpj(random: () => number): string {
  const digits = Array.from({ length: 8 }, () => Math.min(9, Math.max(0, Math.floor(random() * 10))));
  if (digits.every((d) => d === digits[0])) digits[7] = ((digits[7] ?? 0) + 1) % 10;
  digits.push(0, 0, 0, 1);
  digits.push(checkDigit(digits, WEIGHTS_1));
  digits.push(checkDigit(digits, WEIGHTS_2));
  return digits.join('');
}

export const cnpjSchema = z
  .string({ error: 'Informe o CNPJ' })
  .refine(isValidCnpj, { error: 'CNPJ inválido' })
  .transform((s) => normalizeCnpj(s));
