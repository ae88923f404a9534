// The nearby search is indexed: with a few thousand professionals seeded and ANALYZEd, PostgreSQL's planner picks the
// partial GiST index professionals_nearby_gist for the repository's exact query, with default settings. PostgreSQL
// only: PGlite, a single-user engine for development, has the index through the migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnexProfessionalRepository } from '../../adapters/db/repos/professionals.repos';
import { createTestApp, type TestApp } from '../support/test-app';

const onPostgres = !!process.env.DATABASE_URL;
const ROWS = 5_000;
/** 20 city centres; each seeded professional sits within ~40 km of one of them. */
const CITIES: Array<[number, number]> = [
  [-23.5505, -46.6333], [-22.9068, -43.1729], [-19.9167, -43.9345], [-15.7939, -47.8828], [-12.9714, -38.5014],
  [-3.7319, -38.5267], [-8.0476, -34.877], [-30.0346, -51.2177], [-25.4284, -49.2733], [-3.119, -60.0217],
  [-1.4558, -48.4902], [-16.6869, -49.2648], [-2.5307, -44.3068], [-5.7945, -35.211], [-9.6658, -35.735],
  [-27.5954, -48.548], [-20.3155, -40.3128], [-10.9472, -37.0731], [-7.1195, -34.845], [-22.9056, -47.0608],
];

describe.skipIf(onPostgres)('nearby index on PGlite', () => {
  it.skip('skipped: the EXPLAIN proof runs on PostgreSQL only (set DATABASE_URL); PGlite is the embedded dev/test engine', () => {});
});

describe.skipIf(!onPostgres)('the nearby search uses professionals_nearby_gist on PostgreSQL', () => {
  let app: TestApp;
  const knex = () => app.db.knex;

  beforeAll(async () => {
    app = await createTestApp();
    const categories = ['tatuagem-idx', 'odontologia-idx', 'estetica-idx'];
    for (const slug of categories) await knex()('plan_categories').insert({ name: slug, slug, kind: 'service' });
    // One statement: ROWS users and ROWS professionals, ~80% approved, ~5% without coordinates, 3 categories. Positions and
    // ratings are spread by fixed hashes of the row number, not random(): every run judges the same data.
    await knex().raw(
      `with u as (
         insert into users (email, password_hash, role, email_confirmed_at)
         select 'idx' || g || '@exemplo.com.br', 'x', 'user', now() from generate_series(1, ?) g
         returning id
       ), numbered as (select id, row_number() over () as n from u),
       cities(i, lat, lng) as (select * from unnest(?::int[], ?::float8[], ?::float8[]))
       insert into professionals (user_id, status, approved, category, business_name, full_name, tax_id, cep, latitude, longitude,
                                  bio, pix_key_type, pix_key, rating_average)
       select n.id,
              case when (n.n / 20) % 10 < 8 then 'approved' when (n.n / 20) % 10 = 8 then 'pending' else 'suspended' end,
              (n.n / 20) % 10 < 8,
              (array[?, ?, ?])[1 + (n.n / 200) % 3],
              'Estúdio ' || n.n, 'Profissional ' || n.n, '11144477735', '01310100',
              case when (n.n / 20) % 20 = 7 then null else c.lat + (((n.n * 7919) % 997) / 997.0 - 0.5) * 0.7 end,
              case when (n.n / 20) % 20 = 7 then null else c.lng + (((n.n * 104729) % 991) / 991.0 - 0.5) * 0.7 end,
              'Atendimento com hora marcada e muito cuidado em cada detalhe.', 'EMAIL', 'pix' || n.n || '@exemplo.com.br',
              round((((n.n * 31) % 501) / 100.0)::numeric, 2)
       from numbered n join cities c on c.i = n.n % ?`,
      [ROWS, CITIES.map((_, i) => i), CITIES.map((c) => c[0]), CITIES.map((c) => c[1]), ...categories, CITIES.length],
    );
    await knex().raw('analyze professionals');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  async function explain(sql: string, bindings: readonly unknown[]) {
    const plan = await knex().raw(`explain ${sql}`, bindings as never);
    return (plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
  }

  it('seeded what the plan is judged on', async () => {
    const counted = await knex()('professionals').count({ count: '*' });
    expect(Number(counted[0]?.count)).toBe(ROWS);
    const settings = await knex().raw(`select current_setting('enable_seqscan') as seqscan, current_setting('enable_indexscan') as indexscan`);
    // Planner defaults: the proof below is not forced.
    expect(settings.rows[0]).toEqual({ seqscan: 'on', indexscan: 'on' });
  });

  it.each([
    ['São Paulo, 50 km, any category', CITIES[0]!, 50, undefined],
    ['Recife, 50 km, one category', CITIES[6]!, 50, 'odontologia-idx'],
    ['Curitiba, 10 km, one category', CITIES[8]!, 10, 'tatuagem-idx'],
    ['Manaus, 100 km (the wider radius), any category', CITIES[9]!, 100, undefined],
  ] as const)('%s: EXPLAIN of the repository query shows the GiST index, and it answers like the route', async (_label, [lat, lng], radius, category) => {
    const repo = new KnexProfessionalRepository(knex());
    const origin = { latitude: lat, longitude: lng };
    const { sql, bindings } = repo.nearbySql(origin, radius, category);
    const text = await explain(sql, bindings);
    expect(text, text).toContain('professionals_nearby_gist');
    expect(text, text).not.toMatch(/Seq Scan on professionals/);
    // The index narrows by the box (an index condition), not merely as the partial index's row set.
    expect(text, text).toMatch(/Index Cond: .*(<@|@>)/);

    // The same query, through the route: what the index found is what the user gets (ranked, inside the circle).
    const candidates = await repo.nearbyCandidates(origin, radius, category);
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => c.status === 'approved' && c.latitude !== null && (!category || c.category === category))).toBe(true);
    const qs = new URLSearchParams({ lat: String(lat), lng: String(lng), radius_km: String(radius), per_page: '50', ...(category ? { category } : {}) });
    const res = await app.client().get(`/api/professionals/nearby?${qs}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.total).toBeLessThanOrEqual(candidates.length);
    expect(res.body.items.every((i: { distance_km: number }) => i.distance_km <= radius)).toBe(true);
  });
});
