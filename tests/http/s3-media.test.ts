// Uploads on an S3 bucket (the local fake S3 server): a portfolio photo goes into the bucket and is served at /media
// with the site's headers; a failing bucket is a 503 in pt-BR, never a 500; and on PostgreSQL, a photo uploaded
// through one server process is served by another (no file on either's disk).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createPlan, createUser, professionalApplication, type TestUser } from '../support/factories';
import { startInstance, type Instance } from '../support/instances';
import { startFakeS3, type FakeS3 } from '../fakes/s3.fake';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();

async function upload(baseUrl: string, user: TestUser, color = '#f80') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${baseUrl}/api/me/professional/photos`, { method: 'POST', headers: { cookie: user.client.cookieHeader(), 'x-forwarded-for': user.client.ip }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A signed-in user with a pending professional application, who may upload portfolio photos. */
async function applicant(app: TestApp): Promise<TestUser> {
  const plan = await createPlan(app);
  const { slug } = await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
  const user = await createUser(app);
  const applied = await user.client.post('/api/professionals/applications', professionalApplication(slug));
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  return user;
}

describe('uploads on S3 storage', () => {
  let app: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'turma-s3-media-'));
    app = await createTestApp({ env: { ...s3.env(), DATA_DIR: dataDir } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('a photo goes into the bucket, nothing onto the disk, and /media serves it with the stored-file headers', async () => {
    const user = await applicant(app);
    const uploaded = await upload(app.url, user);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const key = (uploaded.body.url as string).replace(/^\/media\//, '');
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    expect(readdirSync(dataDir)).not.toContain('storage');

    const served = await fetch(`${app.url}${uploaded.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(s3.objects.get(key)!.body)).toBe(true);
    expect((await fetch(`${app.url}/media/professionals/nao-existe.webp`)).status).toBe(404);
  });

  it('a bucket that keeps failing answers an upload with a 503 in pt-BR (nothing recorded), and a read with a 503', async () => {
    const user = await applicant(app);
    const before = await app.db.knex('professional_photos').count({ n: '*' }).first();
    s3.failNext(3, 500);
    const refused = await upload(app.url, user, '#08f');
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ code: 'storage_unavailable', message: 'O armazenamento de arquivos não respondeu. Tente de novo em instantes.' });
    expect(await app.db.knex('professional_photos').count({ n: '*' }).first()).toEqual(before);

    // Serving meanwhile: a 503 too, never a 500.
    const stored = await upload(app.url, user, '#0f8');
    expect(stored.status).toBe(201);
    s3.failNext(3, 503);
    expect((await fetch(`${app.url}${stored.body.url}`)).status).toBe(503);
    expect((await fetch(`${app.url}${stored.body.url}`)).status).toBe(200);
  });
});

describe('uploads on a bucket with a public address (S3_PUBLIC_URL)', () => {
  let bucket: FakeS3;
  let app: TestApp;
  beforeAll(async () => {
    bucket = await startFakeS3({ publicRead: true });
    app = await createTestApp({ env: { ...bucket.env(), S3_PUBLIC_URL: `${bucket.endpoint}/${bucket.bucket}/` } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await bucket?.close();
  });

  it('/media redirects to the public address, which serves the bytes; the pages allow that origin for images', async () => {
    const user = await applicant(app);
    const uploaded = await upload(app.url, user);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.url).toMatch(/^\/media\/professionals\//);
    const key = (uploaded.body.url as string).replace(/^\/media\//, '');
    const redirect = await fetch(`${app.url}${uploaded.body.url}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${bucket.endpoint}/${bucket.bucket}/${key}`);
    expect(redirect.headers.get('cache-control')).toBe('public, max-age=3600');
    const followed = await fetch(`${app.url}${uploaded.body.url}`);
    expect(followed.status).toBe(200);
    expect(Buffer.from(await followed.arrayBuffer()).equals(bucket.objects.get(key)!.body)).toBe(true);
    // An unsafe key is never redirected.
    expect((await fetch(`${app.url}/media/..%2Fsegredo.png`, { redirect: 'manual' })).status).toBe(404);

    const page = await fetch(`${app.url}/`);
    const imgSrc = /img-src ([^;]+)/.exec(page.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(bucket.endpoint);
  });
});

// Several server processes only exist on PostgreSQL: PGlite is embedded in one process.
describe.skipIf(!process.env.DATABASE_URL)('two server processes on one bucket', { timeout: 60_000 }, () => {
  let db: TestDatabase;
  let instances: Instance[] = [];
  let shim: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url!, SESSION_SECRET: 's3-media-secret-s3-media-secret-0123', TRUST_PROXY: 'true', DATABASE_POOL_MAX: '4', PUBLIC_URL: 'http://127.0.0.1', ...s3.env() };
    // The factories work on the database directly; the processes each get their own (empty) DATA_DIR.
    shim = await createTestApp({ database: { ...db, destroy: async () => {} }, env: { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-s3-shim-')) } });
    // A user before the servers start: neither seeds demo data (both would, racing, on an empty database).
    user = await applicant(shim);
    instances = await Promise.all(['a', 'b'].map((name) => startInstance(name, { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `turma-s3-${name}-`)) })));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await shim?.close();
    await db?.destroy();
  }, 30_000);

  it("a professional's photo uploaded through one is served by the other", async () => {
    const [a, b] = instances as [Instance, Instance];
    const uploaded = await upload(a.url, user);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const fromB = await fetch(`${b.url}${uploaded.body.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(s3.objects.get((uploaded.body.url as string).replace(/^\/media\//, ''))!.body)).toBe(true);
  });
});
