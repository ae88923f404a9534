// The four account roles and the single place that turns a stored value into one (docs/product/spec.md §3, §6).
import { z } from 'zod';
import { ROLES, type Role } from './role-names';

export { ROLES, type Role } from './role-names';
export const roleSchema = z.enum(ROLES, { error: 'Papel inválido' });

export const isRole = (value: unknown): value is Role => roleSchema.safeParse(value).success;

/**
 * docs/product/spec.md §3: "admin, professional, influencer, else user". Matching is exact (no trimming or case folding)
 * so a malformed value can only ever lose privileges, never gain them.
 */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'user';
}
