// Identity's commands for other modules: an approved professional or influencer gets the role whose dashboard is
// theirs, but only an account that is a plain user (an admin keeps being an admin).
import type { Tx } from '../ports/unit-of-work';
import type { IdentityScope, UserRecord } from './ports';

/** Gives a plain user the role of their approved application; false (nothing written) for any other account. */
export async function promoteUser(tx: Tx<IdentityScope>, user: Pick<UserRecord, 'id' | 'role'> | null, role: 'professional' | 'influencer'): Promise<boolean> {
  if (!user || user.role !== 'user') return false;
  await tx.identity.users.update(user.id, { role });
  return true;
}
