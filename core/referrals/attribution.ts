// Influencer attribution (docs/product/referrals.md): which clicks count, how long a click keeps its claim on a sign-up,
// when a sign-up is a self-referral, and when sign-ups from one address are flagged for the back office. Pure rules.

/** A click keeps its claim on the visitor's sign-up for 30 days (first click wins). */
export const ATTRIBUTION_WINDOW_DAYS = 30;
export const ATTRIBUTION_WINDOW_MS = ATTRIBUTION_WINDOW_DAYS * 86_400_000;
/** Repeated clicks from one visitor on one code within a minute count once. */
export const REPEAT_CLICK_WINDOW_MS = 60_000;
/** More than this many sign-ups from one IP in a day for one code are flagged. */
export const SIGNUPS_PER_IP_PER_DAY = 3;
export const IP_FLAG_WINDOW_MS = 86_400_000;
export const IP_FLAG_REASON = `Mais de ${SIGNUPS_PER_IP_PER_DAY} cadastros do mesmo IP em um dia para este código.`;
export const SELF_REFERRAL_REASON = 'Autoindicação: mesmo CPF, e-mail ou telefone do influenciador.';

/** The name of the httpOnly cookie carrying the first click's id (signed) for the attribution window. */
export const REFERRAL_COOKIE = 'turma_ref';

/** A click still attributes a sign-up at `now` when it happened at most 30 days before (and not in the future). */
export function withinAttributionWindow(clickedAt: Date, now: Date): boolean {
  const age = now.getTime() - clickedAt.getTime();
  return age >= 0 && age <= ATTRIBUTION_WINDOW_MS;
}

/**
 * Whether a click enters the counts: bots never; a visitor's repeat on the same code within a minute of their last
 * counted click neither (it is still stored, for the audit trail).
 */
export function clickCounts(click: { isBot: boolean; at: Date }, lastCountedFromVisitor: Date | null): boolean {
  if (click.isBot) return false;
  if (lastCountedFromVisitor === null) return true;
  return click.at.getTime() - lastCountedFromVisitor.getTime() >= REPEAT_CLICK_WINDOW_MS;
}

/**
 * First click wins: a new click replaces the carried one only when there is none, or the carried one is unknown or
 * out of its window.
 */
export function keepsEarlierClick(earlier: { clickedAt: Date } | null, now: Date): boolean {
  return earlier !== null && withinAttributionWindow(earlier.clickedAt, now);
}

/** Referral codes as typed in links: trimmed and compared without case. */
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

export interface Identity {
  cpf: string | null | undefined;
  email: string | null | undefined;
  phone: string | null | undefined;
}

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
/** Brazilian phones compared by their last 11 digits (country code and formatting left out). */
const phoneKey = (s: string | null | undefined) => digits(s).slice(-11);
const emailKey = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** Self-referral: the new user shares the influencer's CPF, e-mail or phone (any one is enough). */
export function isSelfReferral(influencer: Identity, newUser: Identity): boolean {
  const cpf = digits(influencer.cpf);
  if (cpf && cpf === digits(newUser.cpf)) return true;
  const email = emailKey(influencer.email);
  if (email && email === emailKey(newUser.email)) return true;
  const phone = phoneKey(influencer.phone);
  return phone.length >= 10 && phone === phoneKey(newUser.phone);
}

/** The sign-up is flagged when earlier sign-ups from its IP for the same code in the last 24 hours already reach 3. */
export const flagsIpBurst = (earlierSignupsFromIpToday: number) => earlierSignupsFromIpToday >= SIGNUPS_PER_IP_PER_DAY;

/** The cookie value: the click id and its signature (`sign` is the server's keyed digest). */
export const signClickId = (clickId: string, sign: (value: string) => string) => `${clickId}.${sign(`turma_ref:${clickId}`)}`;

/** The click id a cookie carries when its signature holds, else null (tampered, foreign or malformed). */
export function verifyClickCookie(value: string | null | undefined, sign: (value: string) => string): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return signClickId(id, sign) === value ? id : null;
}
