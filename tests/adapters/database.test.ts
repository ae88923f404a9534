// The two engines answer knex the same way (PGlite when DATABASE_URL is unset, PostgreSQL when it is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy(); // closes it too
});

describe('row counts', () => {
  it('update and delete return how many rows they touched, as numbers', async () => {
    await db.knex('plan_categories').insert([
      { name: 'A', slug: 'contagem-a', kind: 'service' },
      { name: 'B', slug: 'contagem-b', kind: 'service' },
    ]);
    expect(await db.knex('plan_categories').where('slug', 'like', 'contagem-%').update({ description: 'x' })).toBe(2);
    expect(await db.knex('plan_categories').where('slug', 'contagem-a').del()).toBe(1);
    expect(await db.knex('plan_categories').where('slug', 'like', 'contagem-%').delete()).toBe(1);
    expect(await db.knex('plan_categories').where('slug', 'like', 'contagem-%').del()).toBe(0);
  });
});
