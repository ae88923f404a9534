// The real Koa server on 127.0.0.1 with a clean database, plus a small cookie-keeping HTTP client.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import { loadConfig, type Config } from '../../adapters/config';
import { buildContainer, type ContainerOverrides } from '../../adapters/container';
import { startServer } from '../../adapters/http/server';
import { TOKENS } from '../../adapters/tokens';
import type { PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import type { AuthService } from '../../core/identity/auth.service';
import type { SecretTokens } from '../../core/ports/security';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  url: string;
  config: Config;
  container: Container;
  db: TestDatabase;
  /**
   * A cookie-keeping client; each has its own client IP (X-Forwarded-For) unless `ip` is given. An admin who
   * signs in through it has passed the second factor (the session is marked in the database, as createUser does) unless
   * `secondFactor: 'manual'` (tests/http/admin-2fa.test.ts covers the real second factor).
   */
  client(options?: { ip?: string; secondFactor?: 'manual' }): HttpClient;
  createAdmin(email?: string, password?: string): Promise<{ email: string; password: string }>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: ContainerOverrides;
    distDir?: string;
    workers?: boolean;
    /** An existing database (e.g. a restart on the same data); closed with the app, never dropped by it. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-test-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    // Never the internet: tests that need ViaCEP/Nominatim start local fakes and pass their URLs.
    VIACEP_URL: 'http://127.0.0.1:9',
    NOMINATIM_URL: 'http://127.0.0.1:9',
    // Each test client presents its own address, so per-IP rate limits don't leak between tests.
    TRUST_PROXY: 'true',
    ...options.env,
  });
  const container = buildContainer(config, db, options.overrides);
  // Enqueueing needs pg-boss's schema; workers and cron only when a test asks (jobs dispatched after each commit run anyway).
  await container.get<PgBossJobQueue>(TOKENS.JobQueue).start({ workers: options.workers ?? false });
  const running = await startServer(container, { port: 0, host: '127.0.0.1', ...(options.distDir ? { distDir: options.distDir } : {}) });
  const url = running.url;
  return {
    url,
    config,
    container,
    db,
    client: (options = {}) =>
      new HttpClient(url, options.ip ?? randomIp(), options.secondFactor === 'manual' ? undefined : async (token) => {
        const digest = container.get<SecretTokens>(TOKENS.SecretTokens).digest(token);
        await db.knex('sessions').where({ token_hash: digest }).update({ second_factor_at: new Date() });
      }),
    async createAdmin(email = `admin.${Math.random().toString(36).slice(2)}@turma.test`, password = 'Senha-forte-123') {
      const auth = container.get<AuthService>(TOKENS.AuthService);
      await auth.createAdmin({ email, fullName: 'Admin de Teste', password }, { ip: null, userAgent: 'test', requestId: null });
      return { email, password };
    },
    async close() {
      await running.close(); // closes the database too
      if (!options.database) await db.destroy();
    },
  };
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, JSON by default. */
const randomIp = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly ip: string = randomIp(),
    /** Called with the new session token after an admin's password sign-in (see TestApp.client). */
    private readonly adminSignedIn?: (token: string) => Promise<void>,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        'x-forwarded-for': this.ip,
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      redirect: 'manual',
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (!value || /expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    const session = this.cookies.get('turma_session');
    if (this.adminSignedIn && method === 'POST' && path === '/api/auth/login' && res.status === 200 && session && (parsed as { user?: { role?: string } })?.user?.role === 'admin') {
      await this.adminSignedIn(session);
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
  hasCookie(name: string) {
    return this.cookies.has(name);
  }
  /** The Cookie header this client sends (for requests made without it, e.g. a streamed response). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
