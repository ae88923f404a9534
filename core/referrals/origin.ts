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
 * The origin to store after visiting `path` (a pathname, with its query when it matters), or null to leave the
 * profile as it is. Referral paths always overwrite (the latest link is the one that brought the user back), and so
 * does an entry page carrying an influencer code (`/?inf=<code>`, where the server sends an influencer link: see
 * influencerLinkTarget); the plain entry pages only fill an empty origin, so they never erase an attribution.
 */
export function originForPath(path: string, currentOrigin: Origin | null): Origin | null {
  const [pathname = '', query = ''] = path.split('?', 2);
  if (INFLUENCER_PREFIXES.some((p) => pathname.startsWith(p))) return 'influenciador';
  if (USER_INVITE_PREFIXES.some((p) => pathname.startsWith(p))) return 'usuario';
  if (ENTRY_PATHS.has(pathname) && new URLSearchParams(query).get('inf')) return 'influenciador';
  if (ENTRY_PATHS.has(pathname) && currentOrigin === null) return 'www';
  return null;
}

/**
 * Where an influencer link (`/r/<code>`, `/ref/<code>`, `/indicacao/<code>`) leads: the landing with the code as
 * `inf` (a `ref` the link carried is kept: inf wins, docs/product/spec.md §4; `plano` is the redirect's own).
 */
export function influencerLinkTarget(code: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('plano');
  if (code) params.set('inf', code);
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** A first-login profile keeps the origin the session recorded before sign-up; anything unrecognised is 'www'. */
export function originForNewUser(sessionOrigin: string | null | undefined): Origin {
  return isOrigin(sessionOrigin) ? sessionOrigin : 'www';
}
