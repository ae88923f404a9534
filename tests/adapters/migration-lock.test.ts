// A migration that cannot get its table's lock gives up after lock_timeout, rolls back, and says why in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { MigrationLockTimeout, migrationStatus, withLockTimeout } from '../../adapters/db/migrate';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

describe('migrations under a lock timeout', () => {
  it('a fresh database migrates to the latest level with the guard in place', async () => {
    const status = await migrationStatus(db.knex);
    expect(status.pending).toEqual([]);
    expect(status.applied.length).toBeGreaterThan(30);
  });

  // PGlite serves one session at a time: a second session holding a lock exists only on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)('gives up on a table another transaction holds, undoes its work and names itself', async () => {
    await db.knex.schema.createTable('lock_probe', (t) => t.increments('id'));
    const other: Knex = knexFactory({ client: 'pg', connection: db.url!, pool: { min: 0, max: 1 } });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const holder = other.transaction(async (trx) => {
      await trx.raw('lock table lock_probe in access exclusive mode');
      holding();
      await released;
    });
    await held;
    const migration = withLockTimeout('20990101000000_probe', {
      up: async (k) => {
        await k.schema.createTable('made_before_the_lock', (t) => t.increments('id'));
        await k.schema.alterTable('lock_probe', (t) => t.integer('extra'));
      },
      down: async () => {},
    }, 300);
    const started = Date.now();
    const outcome = await db.knex.transaction((trx) => migration.up(trx)).catch((e: unknown) => e);
    release();
    await holder;
    await other.destroy();
    expect(outcome).toBeInstanceOf(MigrationLockTimeout);
    expect((outcome as Error).message).toMatch(/20990101000000_probe esperou mais de 0.3 s por um bloqueio/);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The whole migration was undone: the table it made before the lock is not there.
    expect(await db.knex.schema.hasTable('made_before_the_lock')).toBe(false);
  });
});
