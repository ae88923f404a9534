// The domain's lists and rate helpers the back office's always-loaded screens use, without core's rule modules: those
// build their zod schemas when loaded, which put zod in the bundle every screen waits for (26 kB gzipped, ~15 ms to run).
import type { Role } from '../../core/identity/roles';
import type { VisitorType } from '../../core/referrals/visitor-type';

/** The list itself when it names every value of T; never (a type error where it is assigned) when core adds a value. */
type Every<T, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never] ? L : never;

const roles = ['user', 'professional', 'influencer', 'admin'] as const;
export const ROLES: Every<Role, typeof roles> = roles;

const visitorTypes = ['influencer', 'referral', 'direct'] as const;
export const VISITOR_TYPES: Every<VisitorType, typeof visitorTypes> = visitorTypes;

/** A commission rate in basis points as a percentage ("12,5%"), as core's influencer rules show it. */
export const formatRate = (bp: number, locale = 'pt-BR') => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100)}%`;

/** A percentage as typed ("12,5" or "12.5") → basis points (1250); null unless it is a number from 0 to 100 (core's rule). */
export function percentToBp(text: string): number | null {
  const n = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n) || n < 0 || n > 100) return null;
  return Math.round(n * 100);
}
