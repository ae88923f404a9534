// The 27 federative units (UF) of Brazil: addresses, shipping regions, professional registers (CRO-SP).
import { z } from 'zod';

export const BRAZIL_UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
export type Uf = (typeof BRAZIL_UFS)[number];

export const isUf = (value: unknown): value is Uf => typeof value === 'string' && (BRAZIL_UFS as readonly string[]).includes(value);

/** Accepts 'sp' or ' SP ', yields 'SP'. */
export const ufSchema = z
  .string({ error: 'Informe a UF' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(BRAZIL_UFS, { error: 'UF inválida' }));
