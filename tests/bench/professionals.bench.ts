// Nearby-professional benchmark (docs/benchmarks.md): 100,000 professionals around 20 city centres, searched through the
// repository's ranked query and the whole use case, against loading every approved professional and ranking in
// JavaScript. Goal: ≥ 50× faster, p50 ≤ 5 ms for the query.
import { cpus, loadavg } from 'node:os';
import type { Knex } from 'knex';
import { TOKENS } from '../../adapters/tokens';
import { KnexProfessionalRepository } from '../../adapters/db/repos/professionals.repos';
import { rankProfessionals, type ProfessionalService } from '../../core/professionals';
import { createTestApp } from '../support/test-app';
import { percentile } from './stats';

const PROFESSIONALS = Number(process.env.BENCH_PROFESSIONALS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_NEARBY_ROUNDS ?? 10);
const NAIVE_ROUNDS = Number(process.env.BENCH_NAIVE_ROUNDS ?? 2);
const RADIUS_KM = 50;

/** 20 city centres (lat, lng). */
export const CITY_CENTRES: ReadonlyArray<readonly [string, number, number]> = [
  ['São Paulo', -23.5505, -46.6333],
  ['Rio de Janeiro', -22.9068, -43.1729],
  ['Belo Horizonte', -19.9167, -43.9345],
  ['Brasília', -15.7939, -47.8828],
  ['Salvador', -12.9714, -38.5014],
  ['Fortaleza', -3.7319, -38.5267],
  ['Recife', -8.0476, -34.877],
  ['Porto Alegre', -30.0346, -51.2177],
  ['Curitiba', -25.4284, -49.2733],
  ['Manaus', -3.119, -60.0217],
  ['Belém', -1.4558, -48.4902],
  ['Goiânia', -16.6869, -49.2648],
  ['Campinas', -22.9099, -47.0626],
  ['Florianópolis', -27.5954, -48.548],
  ['Vitória', -20.3155, -40.3128],
  ['Natal', -5.7945, -35.211],
  ['São Luís', -2.5307, -44.3068],
  ['Maceió', -9.6658, -35.735],
  ['Campo Grande', -20.4697, -54.6201],
  ['Cuiabá', -15.601, -56.0974],
];

/** Seeds PROFESSIONALS professionals (and their users) in a few multi-row INSERT … SELECT generate_series statements. */
export async function seedProfessionals(knex: Knex, total: number): Promise<number> {
  const started = performance.now();
  const stamp = Date.now().toString(36);
  const categories = ['tatuagem', 'odontologia', 'estetica'].map((slug) => `${slug}-bench-${stamp}`);
  await knex('plan_categories').insert(categories.map((slug, i) => ({ slug, name: ['Tatuagem', 'Odontologia', 'Estética'][i], kind: 'service' })));
  const centres = `(values ${CITY_CENTRES.map(([name, lat, lng], i) => `(${i}, ${knex.raw('?', [name]).toQuery()}, ${lat}::float8, ${lng}::float8)`).join(', ')}) as c(n, city, lat, lng)`;
  await knex.raw('select setseed(0.42)');
  const BATCH = 25_000;
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await knex.raw(
      `
      with s as (
        -- Box–Muller: a normal offset around the centre (σ ≈ 12 km), 10% uniformly over Brazil's bounding box.
        select i, i % 20 as n, random() as u1, random() as u2, random() as spread, random() as r
        from generate_series(?::int, ?::int) i
      ),
      u as (
        insert into users (email, password_hash, role, email_confirmed_at)
        select 'pro' || i || '.${stamp}@bench.turma.test', 'x', case when i % 100 < 80 then 'professional' else 'user' end, now() from s
        returning id, email
      ),
      p as (
        select s.*, u.id as user_id, c.city, c.lat, c.lng,
          sqrt(-2 * ln(greatest(s.u1, 1e-9))) * cos(2 * pi() * s.u2) as z1,
          sqrt(-2 * ln(greatest(s.u1, 1e-9))) * sin(2 * pi() * s.u2) as z2
        from s
        join u on u.email = 'pro' || s.i || '.${stamp}@bench.turma.test'
        join ${centres} on c.n = s.n
      )
      insert into professionals (user_id, status, approved, category, business_name, full_name, tax_id, cep, address_city,
        latitude, longitude, bio, pix_key_type, pix_key, rating_average, total_reviews, featured_until)
      select user_id,
        case when i % 100 < 80 then 'approved' when i % 100 < 90 then 'pending' when i % 100 < 95 then 'rejected' else 'suspended' end,
        i % 100 < 80,
        (array[?, ?, ?]::text[])[1 + i % 3],
        'Estúdio ' || i, 'Profissional ' || i, '11144477735', '01310100', city,
        case when i % 50 = 7 then null when spread < 0.1 then -33 + r * 38 else lat + z1 * 0.108 end,
        case when i % 50 = 7 then null when spread < 0.1 then -73 + random() * 38 else lng + z2 * 0.108 / cos(radians(lat)) end,
        'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe.',
        'EMAIL', 'pix' || i || '@bench.turma.test',
        round((1 + random() * 4)::numeric, 2), (random() * 200)::int,
        case when i % 100 < 80 and i % 16 = 3 then now() + interval '30 days' else null end
      from p
      `,
      [from, to, ...categories],
    );
  }
  // What autovacuum leaves behind on a live table: fresh statistics and the visibility map (index-only scans need it).
  await knex.raw('vacuum analyze users');
  await knex.raw('vacuum analyze professionals');
  return Math.round(performance.now() - started);
}

/** The seed's own approach: every approved professional with coordinates, distance in JS, sort. */
async function naiveSearch(knex: Knex, origin: { latitude: number; longitude: number }, now: Date) {
  const rows = (await knex('professionals').where('status', 'approved').whereNotNull('latitude').whereNotNull('longitude')) as Array<Record<string, unknown>>;
  const list = rows.map((r) => ({ ...r, id: r.id as string, approved: true, latitude: Number(r.latitude), longitude: Number(r.longitude), rating_average: Number(r.rating_average), featured_until: r.featured_until as Date | null }));
  return rankProfessionals(list, origin, { radiusKm: RADIUS_KM, now });
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchProfessionals() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const knex = app.db.knex;
    const seededMs = await seedProfessionals(knex, PROFESSIONALS);
    const counts = (await knex('professionals')
      .select(
        knex.raw('count(*)::int as total'),
        knex.raw(`count(*) filter (where status = 'approved')::int as approved`),
        knex.raw(`count(*) filter (where featured_until > now())::int as featured`),
        knex.raw('count(*) filter (where latitude is null)::int as without_coordinates'),
      )
      .first()) as { total: number; approved: number; featured: number; without_coordinates: number };

    const repo = new KnexProfessionalRepository(knex);
    const service = app.container.get<ProfessionalService>(TOKENS.ProfessionalService);
    const origins = CITY_CENTRES.map(([, latitude, longitude]) => ({ latitude, longitude }));
    const now = new Date();

    // Warm-up (plans, caches, JIT), and the check that both approaches agree on every centre.
    let mismatches = 0;
    let found = 0;
    for (const origin of origins) {
      const candidates = await repo.nearbyCandidates(origin, RADIUS_KM);
      const indexed = rankProfessionals(candidates, origin, { radiusKm: RADIUS_KM, now });
      const naive = await naiveSearch(knex, origin, now);
      const page = await repo.nearbyPage(origin, RADIUS_KM, { now, offset: 0, limit: 20 });
      found += indexed.length;
      const a = indexed.map((p) => p.id).join();
      const b = naive.map((p) => p.id).join();
      if (a !== b) mismatches += 1;
      // The database's ranked page must be the naive list's first page, and count the same total.
      if (page.total !== naive.length || page.items.map((p) => p.id).join() !== naive.slice(0, 20).map((p) => p.id).join()) mismatches += 1;
    }

    const queryMs: number[] = [];
    const rankedMs: number[] = [];
    const serviceMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const origin of origins) {
        let t = performance.now();
        await repo.nearbyPage(origin, RADIUS_KM, { now, offset: 0, limit: 20 });
        queryMs.push(performance.now() - t);
        t = performance.now();
        const candidates = await repo.nearbyCandidates(origin, RADIUS_KM);
        rankProfessionals(candidates, origin, { radiusKm: RADIUS_KM, now });
        rankedMs.push(performance.now() - t);
        t = performance.now();
        await service.nearby({ lat: origin.latitude, lng: origin.longitude, radius_km: RADIUS_KM, page: 1, per_page: 20 });
        serviceMs.push(performance.now() - t);
      }
    }
    // The database's own time for the same query (EXPLAIN ANALYZE's Execution Time, no per-node timing): what the
    // index costs, without the transfer of the candidates to Node.
    const executionMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const origin of origins) {
        const { sql, bindings } = repo.nearbySql(origin, RADIUS_KM);
        const explained = (await knex.raw(`explain (analyze, timing off, summary on) ${sql}`, bindings as never)) as { rows: Array<Record<string, string>> };
        const line = explained.rows.map((r) => Object.values(r)[0]).find((l) => /Execution Time/.test(l ?? '')) ?? '';
        executionMs.push(Number(/([\d.]+) ms/.exec(line)?.[1] ?? NaN));
      }
    }
    const naiveMs: number[] = [];
    for (let round = 0; round < NAIVE_ROUNDS; round++) {
      for (const origin of origins) {
        const t = performance.now();
        await naiveSearch(knex, origin, now);
        naiveMs.push(performance.now() - t);
      }
    }

    const { sql, bindings } = repo.nearbySql(origins[0]!, RADIUS_KM);
    const explain = (await knex.raw(`explain (analyze, buffers) ${sql}`, bindings as never)) as { rows: Array<Record<string, string>> };
    const plan = explain.rows.map((r) => Object.values(r)[0]).join('\n');
    const usesIndex = /professionals_nearby_gist/.test(plan);
    const indexOnly = /Index Only Scan using professionals_nearby_gist/.test(plan);

    const naiveP50 = percentile(naiveMs, 50);
    const row = (name: string, ms: number[]) => ({
      search: name,
      p50_ms: round1(percentile(ms, 50)),
      p99_ms: round1(percentile(ms, 99)),
      'vs naive (p50)': `${round1(naiveP50 / Math.max(percentile(ms, 50), 0.001))}×`,
    });
    console.log(
      `\nNearby professionals — ${engine}, ${counts.total} professionals (${counts.approved} approved, ${counts.featured} featured, ` +
        `${counts.without_coordinates} without coordinates; seeded in ${seededMs} ms), ${RADIUS_KM} km from 20 city centres ` +
        `(${Math.round(found / origins.length)} found per search on average), ${ROUNDS} rounds (naive: ${NAIVE_ROUNDS}); ` +
        `goal: ≥ 50× and p50 ≤ 5 ms for the query`,
    );
    console.table([
      row('indexed query, database execution (EXPLAIN ANALYZE)', executionMs),
      row('indexed query, ranked page of 20 in SQL (repository, earthdistance GiST)', queryMs),
      row('indexed box, all candidates ranked in JS (the earlier approach)', rankedMs),
      row('GET /api/professionals/nearby use case (page of 20 with photos)', serviceMs),
      row('naive: load all approved, haversine + sort in JS', naiveMs),
    ]);
    console.log(`Same results as the naive approach: ${mismatches === 0 ? 'yes, on all 20 centres' : `NO, ${mismatches} centres differ`}; plan uses professionals_nearby_gist: ${usesIndex ? (indexOnly ? 'yes (index-only scan)' : 'yes') : 'NO'}; load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${cpus().length} cores`);
    if (process.env.BENCH_EXPLAIN) console.log(plan);
  } finally {
    await app.close();
  }
}

// `node --import tsx tests/bench/professionals.bench.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchProfessionals().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
