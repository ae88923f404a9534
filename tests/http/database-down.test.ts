// "outages answer 503": with the database unreachable, reads and writes answer 503 with Retry-After and the
// error shape (never a 500 `internal_error`), and the server recovers by itself when the database comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { mapInfrastructureError } from '../../adapters/http/middleware/errors';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

describe('infrastructure errors → status (one table, every route)', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 503],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, 503],
    [{ code: '53300', message: 'too many connections' }, 503],
    [{ name: 'KnexTimeoutError', message: 'Knex: Timeout acquiring a connection. The pool is probably full.' }, 503],
    [{ nativeError: { code: '22003' }, message: 'value out of range for type integer' }, 400],
    [{ nativeError: { code: '23503' }, message: 'violates foreign key constraint' }, 409],
    [{ code: 'Z_DATA_ERROR', message: 'incorrect header check' }, 400],
  ])('%o → %i', (err, status) => {
    expect(mapInfrastructureError(err)?.status).toBe(status);
  });

  it('leaves programming errors alone (they stay 500s with a request id)', () => {
    expect(mapInfrastructureError(new TypeError('x is undefined'))).toBeNull();
  });
});

// Taking a database away needs a server: PostgreSQL only (PGlite lives inside the process).
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL goes away and comes back', () => {
  let app: TestApp;
  let admin: Knex;
  let name: string;
  beforeAll(async () => {
    app = await createTestApp();
    name = new URL(app.db.url!).pathname.slice(1);
    admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  });
  afterAll(async () => {
    await admin?.raw(`alter database "${name}" allow_connections true`).catch(() => {});
    await admin?.destroy();
    await app?.close();
  });

  it('answers 503 with Retry-After while it is down, and works again without a restart', async () => {
    const user = await createUser(app);
    expect((await user.client.get('/api/me')).status).toBe(200);

    await admin.raw(`alter database "${name}" allow_connections false`);
    await admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [name]);

    const write = await user.client.request('PATCH', '/api/me', { address_complement: 'apto 12' });
    expect(write.status, JSON.stringify(write.body)).toBe(503);
    expect(write.headers.get('retry-after')).toBe('5');
    expect(write.body.error.code).toBe('database_unavailable');
    expect(JSON.stringify(write.body)).not.toMatch(/stack|pg_|terminat|knex/i);
    const read = await user.client.get('/api/me/groups');
    expect(read.status, JSON.stringify(read.body)).toBe(503);
    expect((await app.client().get('/api/health')).status).toBe(503);

    await admin.raw(`alter database "${name}" allow_connections true`);
    const again = await user.client.request('PATCH', '/api/me', { address_complement: 'apto 12' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
