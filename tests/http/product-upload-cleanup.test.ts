// Images uploaded through the storage port for a product form that was never saved are deleted by the
// scheduled job `cleanup_product_uploads` once older than 24 hours; an image a saved product uses stays, and so does
// a recent upload. The job is listed in /admin/triggers (GET /api/admin/jobs) and runs from there.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

const HOUR = 3_600_000;
const clock = new FixedClock(new Date());
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = await createUser(app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer();

async function upload(color: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), 'foto.png');
  const res = await fetch(`${app.url}/api/admin/products/images`, { method: 'POST', headers: { cookie: admin.client.cookieHeader(), 'x-forwarded-for': admin.client.ip }, body: form });
  const body = (await res.json()) as { url: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.url;
}
const served = async (url: string) => (await fetch(`${app.url}${url}`)).status;

describe('cleanup_product_uploads', () => {
  it('deletes uploads no saved product uses after 24 h, keeps used and recent ones; listed and run from the triggers', async () => {
    const orphan = await upload('#a00');
    const used = await upload('#0a0');
    const product = await admin.client.post('/api/admin/products', {
      name: 'Caneca com foto',
      slug: `caneca-foto-${Math.random().toString(36).slice(2, 8)}`,
      description: 'Cerâmica, 300 ml.',
      price: 3_990,
      stock_quantity: 5,
      category_id: null,
      active: true,
      images: [used],
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    // Both are 25 hours old; a third was just sent (a form still open).
    await app.db.knex('product_uploads').update({ uploaded_at: new Date(clock.now().getTime() - 25 * HOUR) });
    const recent = await upload('#00a');
    expect(await served(orphan)).toBe(200);

    const jobs = await admin.client.get('/api/admin/jobs?range=[0,99]');
    expect(jobs.status).toBe(200);
    expect((jobs.body as Array<{ id: string; schedule: string | null }>).find((j) => j.id === 'cleanup_product_uploads')).toMatchObject({ schedule: expect.any(String) });

    const run = await admin.client.post('/api/admin/jobs/cleanup_product_uploads/run');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ outcome: 'ok', counts: { deleted: 1, kept: 1 } });
    expect(await served(orphan)).toBe(404);
    expect(await served(used)).toBe(200);
    expect(await served(recent)).toBe(200);
    expect((await app.db.knex('product_uploads').select('url')).map((r: { url: string }) => r.url)).toEqual([recent]);

    // A day later the recent one is an orphan too; the used image is never touched.
    clock.advance(25 * HOUR);
    const again = await admin.client.post('/api/admin/jobs/cleanup_product_uploads/run');
    expect(again.body).toMatchObject({ outcome: 'ok', counts: { deleted: 1, kept: 0 } });
    expect(await served(recent)).toBe(404);
    expect(await served(used)).toBe(200);
  });
});
