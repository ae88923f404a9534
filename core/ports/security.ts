// Ports for the secrets the core handles without knowing how they are made: password hashes and random tokens.
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface SecretTokens {
  /** A new random, URL-safe token to hand to a user (cookie, e-mail link). */
  generate(): string;
  /** The one-way digest stored in the database in place of the token. */
  digest(token: string): string;
}
