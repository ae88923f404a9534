// Review moderation over HTTP: the back office lists reviews (reported first), hides one with a reason and
// restores it; only admins may; each decision is audited and the professional's average counts published reviews only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, type TestUser } from '../support/factories';

let app: TestApp;
let adminClient: HttpClient;
let adminEmail: string;
beforeAll(async () => {
  app = await createTestApp();
  const creds = await app.createAdmin();
  adminEmail = creds.email;
  adminClient = app.client();
  expect((await adminClient.post('/api/auth/login', creds)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

async function approvedProfessional(category: string) {
  const user = await createUser(app);
  const [row] = await knex()('professionals')
    .insert({
      user_id: user.id,
      status: 'approved',
      approved: true,
      category,
      business_name: `Estúdio ${faker.string.alphanumeric(5)}`,
      full_name: user.fullName,
      tax_id: '11144477735',
      cep: '01310100',
      address_city: 'São Paulo',
      latitude: -23.56,
      longitude: -46.65,
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key_type: 'EMAIL',
      pix_key: `${faker.string.alphanumeric(8).toLowerCase()}@exemplo.com.br`,
    })
    .returning('*');
  await knex()('users').where({ id: user.id }).update({ role: 'professional' });
  return { user, id: row.id as string };
}

/** A member whose voucher this professional already redeemed (as the redeem flow leaves it). */
async function redeemedVoucher(plan: { id: string; price: number; entry_price: number }, professionalId: string): Promise<{ member: TestUser; voucherId: string }> {
  const member = await createUser(app);
  const { voucher } = await insertVoucher(knex(), plan, member.id, { status: 'redeemed', redeemedBy: professionalId });
  return { member, voucherId: voucher.id };
}

async function ratingOf(professionalId: string) {
  const row = await knex()('professionals').where({ id: professionalId }).first('rating_average', 'total_reviews');
  return { rating_average: Number(row.rating_average), total_reviews: Number(row.total_reviews) };
}

const listUrl = (filter: Record<string, unknown> = {}) => `/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('review moderation', () => {
  let professionalId: string;
  let reviews: string[];

  beforeAll(async () => {
    const plan = await createPlan(app);
    const row = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const pro = await approvedProfessional(row.slug as string);
    professionalId = pro.id;
    reviews = [];
    // Three members review through the real route: 5, 4 and 1 stars → 3.33 over 3.
    for (const [rating, comment] of [
      [5, 'Excelente atendimento, voltarei com certeza.'],
      [4, 'Muito bom, só atrasou um pouco.'],
      [1, 'Comentário ofensivo que alguém denunciou.'],
    ] as const) {
      const { member, voucherId } = await redeemedVoucher(plan, professionalId);
      const res = await member.client.post('/api/reviews', { voucher_id: voucherId, rating, comment });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      reviews.push(res.body.id);
    }
    const reporter = await createUser(app);
    for (let i = 0; i < 2; i++) expect((await reporter.client.post(`/api/reviews/${reviews[2]}/report`, { reason: 'Linguagem ofensiva' })).status).toBe(200);
    expect((await reporter.client.post(`/api/reviews/${reviews[1]}/report`, { reason: 'Parece falsa' })).status).toBe(200);
  });

  it('is for admins only: 401 signed out, 403 for members and professionals', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/admin/reviews')).status).toBe(401);
    expect((await anonymous.post(`/api/admin/reviews/${reviews[0]}/hide`, { reason: 'Sem motivo algum' })).status).toBe(401);
    expect((await anonymous.post(`/api/admin/reviews/${reviews[0]}/restore`)).status).toBe(401);
    const member = await createUser(app);
    expect((await member.client.get('/api/admin/reviews')).status).toBe(403);
    expect((await member.client.get(`/api/admin/reviews/${reviews[0]}`)).status).toBe(403);
    const hide = await member.client.post(`/api/admin/reviews/${reviews[0]}/hide`, { reason: 'Tentativa indevida' });
    expect(hide.status).toBe(403);
    const pro = await createUser(app, { role: 'professional' });
    expect((await pro.client.post(`/api/admin/reviews/${reviews[0]}/restore`)).status).toBe(403);
    // Nothing changed.
    expect(await ratingOf(professionalId)).toEqual({ rating_average: 3.33, total_reviews: 3 });
  });

  it('lists the most reported first, with filters (reported, hidden, professional) and Content-Range', async () => {
    const all = await adminClient.get(listUrl({ professional_id: professionalId }));
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.map((r: { id: string }) => r.id)).toEqual([reviews[2], reviews[1], reviews[0]]);
    expect(all.body[0]).toMatchObject({ rating: 1, reported_count: 2, hidden: false, professional_id: professionalId, professional_business_name: expect.stringMatching(/^Estúdio /) });
    expect(all.headers.get('content-range')).toBe('reviews 0-2/3');

    const reported = await adminClient.get(listUrl({ professional_id: professionalId, reported: true }));
    expect(reported.body.map((r: { id: string }) => r.id)).toEqual([reviews[2], reviews[1]]);
    const hidden = await adminClient.get(listUrl({ professional_id: professionalId, hidden: true }));
    expect(hidden.body).toEqual([]);
    expect((await adminClient.get(listUrl({ professional_id: 'não-é-um-id' }))).status).toBe(400);
    expect((await adminClient.get(`/api/admin/reviews/${reviews[2]}`)).body).toMatchObject({ id: reviews[2], comment: 'Comentário ofensivo que alguém denunciou.' });
    expect((await adminClient.get('/api/admin/reviews/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('hiding changes the average and the public profile; restoring brings both back; each is audited', async () => {
    expect(await ratingOf(professionalId)).toEqual({ rating_average: 3.33, total_reviews: 3 });

    const noReason = await adminClient.post(`/api/admin/reviews/${reviews[2]}/hide`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toHaveProperty('reason');

    const hidden = await adminClient.post(`/api/admin/reviews/${reviews[2]}/hide`, { reason: 'Linguagem ofensiva contra o profissional' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ id: reviews[2], hidden: true, hidden_reason: 'Linguagem ofensiva contra o profissional', hidden_at: expect.any(String) });
    expect(await ratingOf(professionalId)).toEqual({ rating_average: 4.5, total_reviews: 2 });
    const profile = await app.client().get(`/api/professionals/${professionalId}`);
    expect(profile.body).toMatchObject({ rating_average: 4.5, total_reviews: 2 });
    expect(profile.body.reviews.map((r: { id: string }) => r.id).sort()).toEqual([reviews[0], reviews[1]].sort());
    expect((await adminClient.get(listUrl({ professional_id: professionalId, hidden: true }))).body.map((r: { id: string }) => r.id)).toEqual([reviews[2]]);
    expect((await adminClient.post(`/api/admin/reviews/${reviews[2]}/hide`, { reason: 'De novo, por engano' })).status).toBe(409);

    const hideAudit = await knex()('audit_logs').where({ action: 'admin.review_hidden', entity_id: reviews[2] });
    expect(hideAudit).toHaveLength(1);
    expect(hideAudit[0]).toMatchObject({ actor_email: adminEmail, entity_type: 'review' });
    expect(hideAudit[0].metadata).toMatchObject({ reason: 'Linguagem ofensiva contra o profissional', professional_id: professionalId, rating_average: { from: 3.33, to: 4.5 }, total_reviews: { from: 3, to: 2 } });

    const restored = await adminClient.post(`/api/admin/reviews/${reviews[2]}/restore`, { reason: 'Revisado: crítica legítima' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ hidden: false, hidden_at: null, hidden_reason: null });
    expect(await ratingOf(professionalId)).toEqual({ rating_average: 3.33, total_reviews: 3 });
    expect((await app.client().get(`/api/professionals/${professionalId}`)).body.reviews).toHaveLength(3);
    expect((await adminClient.post(`/api/admin/reviews/${reviews[2]}/restore`)).status).toBe(409);
    const restoreAudit = await knex()('audit_logs').where({ action: 'admin.review_restored', entity_id: reviews[2] });
    expect(restoreAudit).toHaveLength(1);
    expect(restoreAudit[0].metadata).toMatchObject({ reason: 'Revisado: crítica legítima', rating_average: { from: 4.5, to: 3.33 }, total_reviews: { from: 2, to: 3 } });
  });

  it('a hidden review stops counting even when it is the only one (average back to 0), and unknown ids are 404', async () => {
    const plan = await createPlan(app);
    const row = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const pro = await approvedProfessional(row.slug as string);
    const { member, voucherId } = await redeemedVoucher(plan, pro.id);
    const review = await member.client.post('/api/reviews', { voucher_id: voucherId, rating: 2 });
    expect(await ratingOf(pro.id)).toEqual({ rating_average: 2, total_reviews: 1 });
    expect((await adminClient.post(`/api/admin/reviews/${review.body.id}/hide`, { reason: 'Avaliação de teste' })).status).toBe(200);
    expect(await ratingOf(pro.id)).toEqual({ rating_average: 0, total_reviews: 0 });
    expect((await adminClient.post('/api/admin/reviews/00000000-0000-0000-0000-000000000000/hide', { reason: 'Qualquer motivo' })).status).toBe(404);
    expect((await adminClient.post('/api/admin/reviews/abc/restore')).status).toBe(404);
  });
});
