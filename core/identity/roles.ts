// The four account roles and the single place that turns a stored value into one (docs/product/spec.md §3, §6).
import { z } from 'zod';

export const ROLES = ['user', 'professional', 'influencer', 'admin'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Papel inválido' });
export type Role = z.infer<typeof roleSchema>;

export const isRole = (value: unknown): value is Role => roleSchema.safeParse(value).success;

/**
 * docs/product/spec.md §3: "admin, professional, influencer, else user". Matching is exact (no trimming or case folding)
 * so a malformed value can only ever lose privileges, never gain them.
 */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'user';
}
