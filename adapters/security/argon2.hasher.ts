// Password hashing with argon2id (@node-rs/argon2): OWASP's recommended parameters, never a home-made scheme.
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../core/ports/security';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string) {
    return hash(password, OPTIONS);
  }
  async verify(hashed: string, password: string) {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
