// The rate-limit port: counts attempts per key in a named policy, shared across server instances.
// login_pair: one account from one address (AUTH_LOGIN_LIMIT); login_account: the account's much higher ceiling from any address.
export type RateLimitPolicy = 'login_ip' | 'login_pair' | 'login_account' | 'signup_ip' | 'recover_ip' | 'recover_account' | 'second_factor' | 'shipping_quote_ip' | 'tracking_ip' | 'cep_lookup_ip' | 'geocode_ip';
// tracking_ip: the public experiment endpoints (enrolment and interaction batches) per IP; cep_lookup_ip and geocode_ip: the
// public address lookups per IP (each may call a third-party service).

export interface RateLimitState {
  blocked: boolean;
  /** Seconds until the key may try again (0 when not blocked). */
  retryAfterSeconds: number;
  /** Attempts counted in the current window (after this one, for `hit`); exact, so one caller sees each value. */
  consumed?: number;
}

export interface RateLimiter {
  /** Whether the key has used up its attempts, without counting one. */
  peek(policy: RateLimitPolicy, key: string): Promise<RateLimitState>;
  /** Counts one attempt; `blocked` is true when this attempt went over the limit. */
  hit(policy: RateLimitPolicy, key: string): Promise<RateLimitState>;
  /** Forgets the key's attempts (e.g. after a successful login). */
  reset(policy: RateLimitPolicy, key: string): Promise<void>;
  /** The most attempts the policy allows per window. */
  limitOf(policy: RateLimitPolicy): number;
}
