// Identity's commands for other modules: an approved professional or influencer gets the role whose dashboard is
// theirs, but only an account that is a plain user (an admin keeps being an admin).
import type { Tx } from '../ports/unit-of-work';
import { ANONYMOUS_NAME, type IdentityScope, type UserRecord } from './ports';

/** Gives a plain user the role of their approved application; false (nothing written) for any other account. */
export async function promoteUser(tx: Tx<IdentityScope>, user: Pick<UserRecord, 'id' | 'role'> | null, role: 'professional' | 'influencer'): Promise<boolean> {
  if (!user || user.role !== 'user') return false;
  await tx.identity.users.update(user.id, { role });
  return true;
}

/**
 * LGPD deletion's last step, in the caller's transaction: personal data anonymised, the password made unusable (a hash
 * of a secret nobody knows), sessions and links ended, e-mail and CPF freed. Financial and audit rows are kept.
 */
export async function anonymiseAccount(tx: Tx<IdentityScope>, user: Pick<UserRecord, 'id'>, unusableHash: string, now: Date): Promise<void> {
  const placeholder = `excluido+${user.id}@turma.invalid`;
  await tx.identity.users.update(user.id, { email: placeholder, password_hash: unusableHash, deleted_at: now, blocked_at: now });
  if (await tx.identity.profiles.findByUserId(user.id)) {
    await tx.identity.profiles.update(user.id, {
      email: placeholder,
      full_name: ANONYMOUS_NAME,
      cpf: null,
      phone: null,
      birth_date: null,
      cep: null,
      address_street: null,
      address_number: null,
      address_complement: null,
      address_district: null,
      address_city: null,
      address_state: null,
      latitude: null,
      longitude: null,
      metadata: {},
    });
  }
  await tx.identity.sessions.deleteForUser(user.id);
  await tx.identity.authTokens.deleteForUser(user.id);
}
