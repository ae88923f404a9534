// Which channel a profile came from (profiles.origem), derived from the paths a visitor lands on (docs/product/spec.md §4).
import { z } from 'zod';

export const ORIGINS = ['influenciador', 'usuario', 'www'] as const;
export const originSchema = z.enum(ORIGINS, { error: 'Origem inválida' });
export type Origin = z.infer<typeof originSchema>;

export const isOrigin = (value: unknown): value is Origin => originSchema.safeParse(value).success;

// docs/product/referrals.md: all three referral aliases are influencer links, although docs/product/spec.md §4 names only /ref/.
const INFLUENCER_PREFIXES = ['/r/', '/ref/', '/indicacao/'];
const USER_INVITE_PREFIXES = ['/join/'];
const ENTRY_PATHS = new Set(['/', '/auth', '/auth/']);

/**
 * The origin to store after visiting `pathname`, or null to leave the profile as it is.
 * Referral paths always overwrite (the latest link is the one that brought the user back);
 * the plain entry pages only fill an empty origin, so they never erase an attribution.
 */
export function originForPath(pathname: string, currentOrigin: Origin | null): Origin | null {
  if (INFLUENCER_PREFIXES.some((p) => pathname.startsWith(p))) return 'influenciador';
  if (USER_INVITE_PREFIXES.some((p) => pathname.startsWith(p))) return 'usuario';
  if (ENTRY_PATHS.has(pathname) && currentOrigin === null) return 'www';
  return null;
}

/** A first-login profile keeps the origin the session recorded before sign-up; anything unrecognised is 'www'. */
export function originForNewUser(sessionOrigin: string | null | undefined): Origin {
  return isOrigin(sessionOrigin) ? sessionOrigin : 'www';
}
