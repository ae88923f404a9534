// The identity module's repositories in memory: users and profiles (sessions and link tokens are not faked yet).
import type { AuthTokenRepository, IdentityScope, ProfileRepository, SessionRepository, UserRepository } from '../../../core/identity/ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function identityFake(db: MemoryDb): IdentityScope {
  const users = faked<UserRepository>('identity.users', {
    findById: async (id) => db.users.get(id),
    findByEmail: async (email) => db.users.first((u) => u.email.toLowerCase() === email.toLowerCase()),
    create: async (u) => db.users.insert({ email_confirmed_at: null, blocked_at: null, last_login_at: null, deleted_at: null, ...u }),
    update: async (id, patch) => {
      const { blocked_reason: _r, password_changed_at: _p, ...rest } = patch;
      db.users.patch(id, rest);
    },
    count: async (filter = {}) => db.users.all((u) => (!filter.role || u.role === filter.role) && (filter.blocked === undefined || (u.blocked_at !== null) === filter.blocked)).length,
  });
  const profiles = faked<ProfileRepository>('identity.profiles', {
    findByUserId: async (userId) => db.profiles.get(userId),
    findByCpf: async (cpf) => db.profiles.first((p) => p.cpf === cpf),
    create: async (p) => db.profiles.insert({ cpf: null, phone: null, birth_date: null, latitude: null, longitude: null, origem: null, metadata: {}, ...p, id: p.user_id } as never),
    update: async (userId, patch) => void db.profiles.patch(userId, patch),
  });
  return {
    identity: {
      users,
      profiles,
      // No session or link rows are kept here: ending them all is a no-op.
      sessions: faked<SessionRepository>('identity.sessions', { deleteForUser: async () => 0 }),
      authTokens: faked<AuthTokenRepository>('identity.authTokens', { deleteForUser: async () => undefined }),
    },
  };
}
