// The group invite a signed-out visitor followed (docs/product/spec.md §3 group_referral): kept in localStorage
// `group_referral` while they sign in or sign up, then recorded on the profile and cleared.
export const GROUP_REFERRAL_KEY = 'group_referral';
/** An invite older than this is not resumed (the visitor moved on). */
const MAX_AGE_MS = 7 * 86_400_000;

export interface StoredGroupReferral {
  group_id: string;
  referral_code: string;
  timestamp: string;
}

export function storeGroupReferral(groupId: string, referralCode: string) {
  try {
    const value: StoredGroupReferral = { group_id: groupId, referral_code: referralCode, timestamp: new Date().toISOString() };
    window.localStorage.setItem(GROUP_REFERRAL_KEY, JSON.stringify(value));
  } catch {
    // Storage blocked: the `next` parameter still brings the visitor back to the invite.
  }
}

export function readGroupReferral(): StoredGroupReferral | null {
  try {
    const raw = window.localStorage.getItem(GROUP_REFERRAL_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredGroupReferral>;
    if (typeof value.group_id !== 'string' || typeof value.referral_code !== 'string' || typeof value.timestamp !== 'string') return null;
    const age = Date.now() - Date.parse(value.timestamp);
    if (!(age >= 0 && age < MAX_AGE_MS)) return null;
    return value as StoredGroupReferral;
  } catch {
    return null;
  }
}

export function clearGroupReferral() {
  try {
    window.localStorage.removeItem(GROUP_REFERRAL_KEY);
  } catch {
    // Nothing stored either.
  }
}

export const invitePathOf = (r: Pick<StoredGroupReferral, 'group_id' | 'referral_code'>) =>
  `/join/${encodeURIComponent(r.group_id)}/${encodeURIComponent(r.referral_code)}`;
