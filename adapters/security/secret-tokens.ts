// Random session/link tokens (256 bits) stored as an HMAC-SHA-256 digest keyed by SESSION_SECRET.
import { createHmac, randomBytes } from 'node:crypto';
import type { SecretTokens } from '../../core/ports/security';

export class HmacSecretTokens implements SecretTokens {
  constructor(private readonly secret: string) {}

  generate() {
    return randomBytes(32).toString('base64url');
  }

  digest(token: string) {
    return createHmac('sha256', this.secret).update(token).digest('base64url');
  }
}
