// The RateLimiter port on rate-limiter-flexible's PostgreSQL store (table `rate_limits`), so every server instance shares the counts.
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitPolicy, RateLimitState, RateLimiter } from '../../core/ports/rate-limiter';

export interface RateLimitSettings {
  loginLimit: number;
  /** Failed logins per account per hour from any address; reaching it e-mails the owner an unlock link. */
  accountLoginCeiling: number;
  signupLimit: number;
  /** CEP lookups, and separately city geocodings, per IP per 5 min (each may call ViaCEP or Nominatim). */
  addressLookupLimit?: number;
}

const MINUTE = 60;
/** Experiment tracking requests (enrolments + event batches) per IP per minute. */
export const TRACKING_PER_MINUTE = 60;
/** Default CEP lookups (and city geocodings) per IP per 5 minutes. */
export const ADDRESS_LOOKUP_LIMIT = 60;

/**
 * rate-limiter-flexible speaks `pg`'s `query({ text, values })` with `$n` placeholders. Going through knex
 * (instead of the raw connection) keeps PGlite's single connection queued behind open transactions.
 */
function knexStoreClient(knex: Knex) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const values = q.values ?? [];
      const bindings: unknown[] = [];
      const sql = q.text.replace(/\$(\d+)/g, (_m, n: string) => {
        bindings.push(values[Number(n) - 1]);
        return '?';
      });
      const res = (await knex.raw(sql, bindings as Knex.RawBinding[])) as { rows?: unknown[]; rowCount?: number };
      const rows = res.rows ?? [];
      return { rows, rowCount: rows.length || res.rowCount || 0 };
    },
  };
}

export class PostgresRateLimiter implements RateLimiter {
  private readonly limiters: Record<RateLimitPolicy, RateLimiterPostgres>;

  constructor(knex: Knex, settings: RateLimitSettings) {
    const storeClient = knexStoreClient(knex);
    const make = (keyPrefix: RateLimitPolicy, points: number, duration: number) =>
      new RateLimiterPostgres({
        storeClient,
        storeType: 'client',
        tableName: 'rate_limits',
        tableCreated: true, // the migration owns the table
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration,
      });
    this.limiters = {
      // docs/api.md: AUTH_LOGIN_LIMIT failed logins per IP, and per (e-mail + IP) pair, per 15 min: an attacker's address is
      // stopped without locking the owner out of theirs.
      login_ip: make('login_ip', settings.loginLimit, 15 * MINUTE),
      login_pair: make('login_pair', settings.loginLimit, 15 * MINUTE),
      // AUTH_ACCOUNT_LOGIN_CEILING failed logins per e-mail per hour from any address (a distributed attack); the owner
      // gets an unlock link by e-mail when it is reached.
      login_account: make('login_account', settings.accountLoginCeiling, 60 * MINUTE),
      // docs/api.md: AUTH_SIGNUP_LIMIT sign-ups per IP per hour.
      signup_ip: make('signup_ip', settings.signupLimit, 60 * MINUTE),
      // Recovery requests: per IP, and per e-mail so nobody can flood an inbox.
      recover_ip: make('recover_ip', 10, 60 * MINUTE),
      recover_account: make('recover_account', 3, 60 * MINUTE),
      // Wrong second-factor codes (TOTP or recovery) per admin account.
      second_factor: make('second_factor', 5, 15 * MINUTE),
      // The theme experiment's public endpoints (enrolment, event batches). A browser sends one enrolment per
      // page and a batch every few seconds at most; a script flooding participants or events to skew the test stops here.
      tracking_ip: make('tracking_ip', TRACKING_PER_MINUTE, MINUTE),
      // Freight quotes per IP (each may call the carrier's API): plenty for a shopper, not for a scraper.
      shipping_quote_ip: make('shipping_quote_ip', 60, 5 * MINUTE),
      // The public address lookups per IP: a person types a few CEPs; a script harvesting addresses through our
      // server (and getting it blocked by ViaCEP's or Nominatim's fair-use rules) stops here.
      cep_lookup_ip: make('cep_lookup_ip', settings.addressLookupLimit ?? ADDRESS_LOOKUP_LIMIT, 5 * MINUTE),
      geocode_ip: make('geocode_ip', settings.addressLookupLimit ?? ADDRESS_LOOKUP_LIMIT, 5 * MINUTE),
    };
  }

  async peek(policy: RateLimitPolicy, key: string): Promise<RateLimitState> {
    const limiter = this.limiters[policy];
    const res = await limiter.get(key);
    if (!res || res.consumedPoints < limiter.points) return { blocked: false, retryAfterSeconds: 0 };
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }

  async hit(policy: RateLimitPolicy, key: string): Promise<RateLimitState> {
    try {
      const res = await this.limiters[policy].consume(key);
      return { blocked: false, retryAfterSeconds: 0, consumed: res.consumedPoints };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)), consumed: err.consumedPoints };
      throw err;
    }
  }

  async reset(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiters[policy].delete(key);
  }

  limitOf(policy: RateLimitPolicy): number {
    return this.limiters[policy].points;
  }
}
