// `turma backup create|restore`: a business scripted through the API (a paid group entry, a paid order, portfolio
// photos) goes into one archive and comes back into an empty target with the same row counts and file checksums; bad
// targets and archives are refused in pt-BR. PGlite, and PostgreSQL (pg_dump/pg_restore) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { openDatabase, pgliteDirFor, type Database } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';
import { countRows } from '../../adapters/backup/backup';
import type { ProductService } from '../../core/marketplace/product.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createPlan, createUser, professionalApplication, type TestUser } from '../support/factories';
import { runTurma, useCliEnvironment } from '../support/cli';
import { startFakeS3 } from '../fakes/s3.fake';

const source = useCliEnvironment('turma-backup-src-');
let work: string;
let archive: string;
let sourceCounts: Record<string, number>;
let sourceFiles: Record<string, string>;
const targets: TestDatabase[] = [];

/** Every file under a storage directory with its sha256, by key. */
function checksums(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = join(dir, name);
    try {
      out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    } catch {
      // a directory
    }
  }
  return out;
}

/** A new, empty target: its own DATA_DIR and, on PostgreSQL, its own empty database. */
async function emptyTarget(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'turma-backup-dst-'));
  const env: Record<string, string> = { ...source.env, DATA_DIR: dir };
  if (process.env.DATABASE_URL) {
    const db = await createTestDatabase({ migrate: false });
    targets.push(db);
    env.DATABASE_URL = db.url!;
    await db.close();
  }
  return env;
}

async function withTargetDatabase<T>(env: Record<string, string>, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ url: env.DATABASE_URL, pgliteDir: pgliteDirFor(env.DATA_DIR!), poolMax: 2 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

async function pay(user: TestUser, purpose: 'entry' | 'order', refId: string) {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`)).status).toBe(200);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'turma-backup-files-'));
  archive = join(work, 'turma.tar.gz');
  // The source: migrated, then a small business through the real API on the CLI's own database and storage.
  const db = await openDatabase({ url: source.env.DATABASE_URL, pgliteDir: pgliteDirFor(source.dir), poolMax: 10 });
  await migrateLatest(db.knex);
  const app = await createTestApp({ database: { ...db, url: source.env.DATABASE_URL, destroy: () => db.close() }, env: { DATA_DIR: source.dir, FREE_SHIPPING_FROM: '0' } });
  try {
    const plan = await createPlan(app, { price: 20_000, group_size: 3 });
    const buyer = await createUser(app);
    const group = await buyer.client.post('/api/groups', { plan_id: plan.id });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    await pay(buyer, 'entry', group.body.membership.id);

    const products = app.container.get<ProductService>(TOKENS.ProductService);
    const { product } = await products.save({ name: 'Sérum facial', slug: 'serum-facial-backup', description: 'Descrição', price: 4_990, stock_quantity: 10, category_id: null, active: true });
    expect((await buyer.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
    const order = await buyer.client.post('/api/orders', { address: ADDRESS });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await pay(buyer, 'order', order.body.id);

    const { slug } = await db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const pro = await createUser(app);
    expect((await pro.client.post('/api/professionals/applications', professionalApplication(slug))).status).toBe(201);
    for (const color of ['#f80', '#08f']) {
      const form = new FormData();
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();
      form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
      const res = await fetch(`${app.url}/api/me/professional/photos`, { method: 'POST', headers: { cookie: pro.client.cookieHeader(), 'x-forwarded-for': pro.client.ip }, body: form });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    sourceCounts = await countRows(db.knex);
  } finally {
    await app.close();
  }
  sourceFiles = checksums(join(source.dir, 'storage'));
}, 180_000);

afterAll(async () => {
  for (const db of targets) await db.destroy();
});

describe('turma backup', { timeout: 120_000 }, () => {
  it('creates one archive with a manifest of versions, migration level, row counts and checksums', async () => {
    // The two portfolio photos and the product's generated cover.
    expect(Object.keys(sourceFiles).filter((key) => key.startsWith('professionals/'))).toHaveLength(2);
    for (const table of ['public.groups', 'public.group_members', 'public.payments', 'public.marketplace_orders', 'public.order_items', 'public.professional_photos', 'public.products']) expect(sourceCounts[table]).toBeGreaterThan(0);

    const created = await runTurma(['backup', 'create', archive, '--json'], { env: source.env });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const summary = JSON.parse(created.stdout);
    expect(summary).toMatchObject({ arquivo: archive, arquivos: Object.keys(sourceFiles).length });

    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => listed.push(entry.path) });
    const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(listed).toEqual(expect.arrayContaining(['manifest.json', engine === 'postgres' ? 'database.pgdump' : 'database.pglite.tar']));
    const unpacked = mkdtempSync(join(work, 'x-'));
    await tar.extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'turma-backup', engine, app: { name: 'turma' }, tables: sourceCounts });
    expect(manifest.migrations.latest).toBe(manifest.migrations.names.at(-1));
    expect(Object.fromEntries(manifest.storage.files.map((f: { key: string; sha256: string }) => [f.key, f.sha256]))).toEqual(sourceFiles);
  });

  it('restores into an empty database and storage: the same row counts and file checksums', async () => {
    const env = await emptyTarget();
    const restored = await runTurma(['backup', 'restore', archive, '--json'], { env });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ arquivos: Object.keys(sourceFiles).length, linhas: Object.values(sourceCounts).reduce((a, b) => a + b, 0) });
    expect(await withTargetDatabase(env, (db) => countRows(db.knex))).toEqual(sourceCounts);
    expect(checksums(join(env.DATA_DIR!, 'storage'))).toEqual(sourceFiles);

    // The same target again is no longer empty: refused, nothing touched.
    const again = await runTurma(['backup', 'restore', archive], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Erro: o banco de destino não está vazio \(\d+ tabelas\): restaure num banco novo e vazio\n$/);
  });

  it('restores the files into an empty S3 bucket when the target stores there', async () => {
    const s3 = await startFakeS3();
    try {
      const env = { ...(await emptyTarget()), ...s3.env() };
      const restored = await runTurma(['backup', 'restore', archive, '--json'], { env });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const inBucket = Object.fromEntries([...s3.objects].map(([key, o]) => [key, createHash('sha256').update(o.body).digest('hex')]));
      expect(inBucket).toEqual(sourceFiles);
    } finally {
      await s3.close();
    }
  });

  it('refuses a target whose storage has files', async () => {
    const env = await emptyTarget();
    mkdirSync(join(env.DATA_DIR!, 'storage/products'), { recursive: true });
    writeFileSync(join(env.DATA_DIR!, 'storage/products/velho.png'), 'x');
    const refused = await runTurma(['backup', 'restore', archive], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('o armazenamento de destino');
    expect(refused.stderr).toContain('não está vazio (por exemplo products/velho.png)');
  });

  /** The archive unpacked, changed by `edit`, packed again as `name` (with only `keep` of its entries, when given). */
  async function tampered(name: string, edit: (dir: string) => void, keep?: string[]): Promise<string> {
    const dir = mkdtempSync(join(work, `${name}-`));
    await tar.extract({ file: archive, cwd: dir, ...(keep ? { filter: (path: string) => keep.includes(path) } : {}) });
    edit(dir);
    const file = join(work, `${name}.tar.gz`);
    await tar.create({ gzip: true, file, cwd: dir }, readdirSync(dir));
    return file;
  }
  const editManifest = (dir: string, change: (m: Record<string, any>) => void) => {
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    change(m);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
  };

  it('refuses a corrupt archive, a changed part, a newer migration level and another engine, in pt-BR', async () => {
    const env = await emptyTarget();
    const garbage = join(work, 'lixo.tar.gz');
    writeFileSync(garbage, 'isto não é um backup');
    const unreadable = await runTurma(['backup', 'restore', garbage], { env });
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(/^Erro: o arquivo de backup está corrompido ou não é um backup do Turma/);

    const photo = Object.keys(sourceFiles)[0]!;
    const changedFile = await tampered('changed', (dir) => writeFileSync(join(dir, 'files', photo), 'outra foto'));
    const corrupt = await runTurma(['backup', 'restore', changedFile], { env });
    expect(corrupt.stderr).toBe(`Erro: backup corrompido: files/${photo} não confere com o checksum do manifesto\n`);

    // Engine and migration level are read from the manifest before any part is hashed: these archives carry nothing else.
    const newer = await tampered('newer', (dir) => editManifest(dir, (m) => m.migrations.names.push('29991231000000_do_futuro')), ['manifest.json']);
    const tooNew = await runTurma(['backup', 'restore', newer], { env });
    expect(tooNew.code).toBe(1);
    expect(tooNew.stderr).toMatch(/^Erro: o backup está num nível de migração mais novo que este código \(29991231000000_do_futuro\): atualize o Turma/);

    const other = await tampered(
      'other-engine',
      (dir) =>
        editManifest(dir, (m) => {
          m.engine = m.engine === 'postgres' ? 'pglite' : 'postgres';
          m.database.file = m.engine === 'postgres' ? 'database.pgdump' : 'database.pglite.tar';
        }),
      ['manifest.json'],
    );
    const wrongEngine = await runTurma(['backup', 'restore', other], { env });
    expect(wrongEngine.code).toBe(1);
    expect(wrongEngine.stderr).toMatch(/^Erro: o backup é de .+, e o destino é .+: restaure no mesmo tipo de banco\n$/);

    // None of the refusals wrote anything: no stored file, no data directory, no table.
    expect(checksums(join(env.DATA_DIR!, 'storage'))).toEqual({});
    expect(readdirSync(env.DATA_DIR!)).not.toContain('pglite');
    if (env.DATABASE_URL) expect(await withTargetDatabase(env, (db) => countRows(db.knex))).toEqual({});
  });
});
