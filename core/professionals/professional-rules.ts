// Professionals (docs/product/professionals.md): the application a tattoo artist, dentist or aesthetician sends, its review states, and
// the trade registers and documents it is checked against. The browser and the server validate with these schemas.
import { z } from 'zod';
import { invalid } from '../shared/errors';
import { isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from '../identity';
import { cepSchema, ufSchema } from '../address';
import { pixKeySchema } from '../payments';
import { ownValue } from '../shared/lookup';

// The states and the register's shape live with the records (ports.ts stays a leaf other modules may name).
import type { ProfessionalRegister, ProfessionalStatus } from './ports';
export { PROFESSIONAL_STATUSES, type ProfessionalRegister, type ProfessionalStatus } from './ports';

export const PROFESSIONAL_STATUS_LABELS: Record<ProfessionalStatus, string> = {
  pending: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
  suspended: 'Suspenso',
};

/** Who moves an application: the professional resubmits a rejected one; the back office decides the rest. */
const MOVES: Record<ProfessionalStatus, readonly ProfessionalStatus[]> = {
  pending: ['approved', 'rejected'],
  rejected: ['pending'],
  approved: ['suspended'],
  suspended: ['approved'],
};

export const canMoveProfessional = (from: ProfessionalStatus, to: ProfessionalStatus) => MOVES[from].includes(to);

export function assertProfessionalMove(from: ProfessionalStatus, to: ProfessionalStatus): void {
  if (!canMoveProfessional(from, to)) {
    throw invalid('invalid_transition', `Não é possível passar de "${PROFESSIONAL_STATUS_LABELS[from]}" para "${PROFESSIONAL_STATUS_LABELS[to]}".`);
  }
}

/** docs/product/spec.md's `approved=true`: only an approved (not suspended) professional is listed and redeems vouchers. */
export const isApprovedProfessional = (p: { status: ProfessionalStatus }) => p.status === 'approved';

/** The service categories and the trade register each one requires (Odontologia: CRO number and UF). */
export const REGISTER_REQUIRED_BY_CATEGORY: Readonly<Record<string, { council: 'CRO'; label: string }>> = {
  odontologia: { council: 'CRO', label: 'CRO' },
};

export const PORTFOLIO_MIN_PHOTOS = 3;
export const PORTFOLIO_MAX_PHOTOS = 8;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const BIO_MIN = 30;
export const BIO_MAX = 1_500;

/** CRO numbers are issued per state, up to 6 digits (leading zeros are not written). */
export const croNumberSchema = z
  .string({ error: 'Informe o número do CRO' })
  .trim()
  .transform((v) => v.replace(/^CRO[-\s]?[A-Z]{0,2}[-\s]*/i, '').replace(/[.\s]/g, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,5}$/, { error: 'Número do CRO inválido: use só os números, ex.: 12345' }));

export const professionalRegisterSchema = z.object({
  council: z.literal('CRO', { error: 'Conselho inválido' }),
  number: croNumberSchema,
  uf: ufSchema,
}) satisfies z.ZodType<ProfessionalRegister>;

/** CPF (a person) or CNPJ (a company), told apart by length; stored as digits. */
export const taxIdSchema = z
  .string({ error: 'Informe o CPF ou o CNPJ' })
  .trim()
  .refine((v) => isValidCpf(v) || isValidCnpj(v), { error: 'CPF ou CNPJ inválido' })
  .transform((v) => (isValidCpf(v) ? normalizeCpf(v) : normalizeCnpj(v)));

export const taxIdKind = (digits: string): 'CPF' | 'CNPJ' => (digits.length === 11 ? 'CPF' : 'CNPJ');

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Informe ${label}` })
    .trim()
    .min(min, { error: min > 1 ? `${label[0]!.toUpperCase()}${label.slice(1)}: pelo menos ${min} caracteres` : `Informe ${label}` })
    .max(max, { error: `No máximo ${max} caracteres` });

/** The professional part of an application (the account is the identity module's sign-up). */
export const professionalApplicationSchema = z
  .object({
    category: z.string({ error: 'Escolha a categoria' }).trim().min(1, { error: 'Escolha a categoria' }),
    business_name: text('o nome do negócio', 2, 120),
    tax_id: taxIdSchema,
    register: professionalRegisterSchema.nullish(),
    cep: cepSchema,
    address_number: text('o número', 1, 20),
    address_complement: z.string().trim().max(80, { error: 'No máximo 80 caracteres' }).nullish(),
    /** Where the pin was placed by hand (or by the browser's location) when geocoding fails. */
    latitude: z.number().min(-34, { error: 'Posição fora do Brasil' }).max(6, { error: 'Posição fora do Brasil' }).nullish(),
    longitude: z.number().min(-74, { error: 'Posição fora do Brasil' }).max(-32, { error: 'Posição fora do Brasil' }).nullish(),
    bio: text('a apresentação', BIO_MIN, BIO_MAX),
    pix_key: pixKeySchema,
    /** The person confirmed a pin far from the CEP's city (pin-rules.ts). */
    pin_confirmed: z.boolean().nullish(),
  })
  .superRefine((v, ctx) => {
    const needs = ownValue(REGISTER_REQUIRED_BY_CATEGORY, v.category);
    if (needs && !v.register) ctx.addIssue({ code: 'custom', path: ['register', 'number'], message: `Informe o ${needs.label} e a UF: obrigatório para ${v.category === 'odontologia' ? 'Odontologia' : v.category}` });
    if ((v.latitude == null) !== (v.longitude == null)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Informe latitude e longitude juntas' });
  });
export type ProfessionalApplicationInput = z.input<typeof professionalApplicationSchema>;
export type ProfessionalApplication = z.output<typeof professionalApplicationSchema>;

/** 'CRO-SP 12345' as shown on a public profile. */
export const formatRegister = (r: ProfessionalRegister) => `${r.council}-${r.uf} ${r.number}`;

/** Portfolio size rule: 3 to 8 photos before an application can be sent for review. */
export function portfolioRefusal(count: number): string | null {
  if (count < PORTFOLIO_MIN_PHOTOS) return `Envie pelo menos ${PORTFOLIO_MIN_PHOTOS} fotos do seu trabalho.`;
  if (count > PORTFOLIO_MAX_PHOTOS) return `No máximo ${PORTFOLIO_MAX_PHOTOS} fotos.`;
  return null;
}

/**
 * A new portfolio order must name each of the portfolio's photos once: `duplicate` when an id repeats, `foreign` when an
 * id is not one of them (another professional's photo, or a removed one), `incomplete` when some are left out (the
 * portfolio changed since the screen read it).
 */
export function portfolioOrderRefusal(current: readonly string[], requested: readonly string[]): 'duplicate' | 'foreign' | 'incomplete' | null {
  if (new Set(requested).size !== requested.length) return 'duplicate';
  const mine = new Set(current);
  if (requested.some((id) => !mine.has(id))) return 'foreign';
  if (requested.length !== current.length) return 'incomplete';
  return null;
}

/** Reasons are shown to the professional as written: required and bounded. */
export const decisionReasonSchema = text('o motivo', 5, 500);

