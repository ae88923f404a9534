// The back office's professionals list and show page: the "featured" filter (featured_until in the
// future, judged at the service's clock) next to status/category/city, and the application with its photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createPlan, createUser } from '../support/factories';

let app: TestApp;
let adminClient: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  adminClient = app.client();
  expect((await adminClient.post('/api/auth/login', await app.createAdmin())).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const city = `Cidade ${faker.string.alpha(8)}`;

async function professional(category: string, featuredUntil: Date | null, status = 'approved') {
  const user = await createUser(app);
  const [row] = await knex()('professionals')
    .insert({
      user_id: user.id,
      status,
      approved: status === 'approved',
      category,
      business_name: `Estúdio ${faker.string.alphanumeric(6)}`,
      full_name: user.fullName,
      tax_id: '11144477735',
      cep: '01310100',
      address_city: city,
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key_type: 'EMAIL',
      pix_key: `${faker.string.alphanumeric(8).toLowerCase()}@exemplo.com.br`,
      featured_until: featuredUntil,
    })
    .returning('*');
  return row.id as string;
}

const list = (filter: Record<string, unknown>) => adminClient.get(`/api/admin/professionals?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["created_at","ASC"]')}`);

describe('GET /api/admin/professionals', () => {
  it('filters by featured (future featured_until only) together with status and city', async () => {
    const plan = await createPlan(app);
    const { slug } = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const featured = await professional(slug, new Date(Date.now() + 86_400_000));
    const expired = await professional(slug, new Date(Date.now() - 86_400_000));
    const never = await professional(slug, null);
    const pending = await professional(slug, null, 'pending');

    const yes = await list({ city, featured: true });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.map((p: { id: string }) => p.id)).toEqual([featured]);
    expect(yes.body[0].featured).toBe(true);
    const no = await list({ city, featured: false, status: 'approved' });
    expect(no.body.map((p: { id: string }) => p.id)).toEqual([expired, never]);
    expect((await list({ city, status: 'pending' })).body.map((p: { id: string }) => p.id)).toEqual([pending]);
    expect((await list({ city, category: slug })).headers.get('content-range')).toBe('professionals 0-3/4');
    expect((await list({ featured: 'talvez' })).status).toBe(400);
  });

  it('the show page carries the portfolio photos in order; unknown ids are 404; members get 403', async () => {
    const plan = await createPlan(app);
    const { slug } = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const id = await professional(slug, null, 'pending');
    await knex()('professional_photos').insert([
      { professional_id: id, storage_key: `professionals/${id}/b.webp`, position: 1 },
      { professional_id: id, storage_key: `professionals/${id}/a.webp`, position: 0 },
    ]);
    const shown = await adminClient.get(`/api/admin/professionals/${id}`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toMatchObject({ id, status: 'pending', featured: false });
    expect(shown.body.photos.map((p: { url: string }) => p.url)).toEqual([`/media/professionals/${id}/a.webp`, `/media/professionals/${id}/b.webp`]);
    expect((await adminClient.get('/api/admin/professionals/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await adminClient.get('/api/admin/professionals/nao-existe')).status).toBe(404);
    const member = await createUser(app);
    expect((await member.client.get(`/api/admin/professionals/${id}`)).status).toBe(403);
    expect((await app.client().get('/api/admin/professionals')).status).toBe(401);
  });
});
