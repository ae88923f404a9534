// Professionals over HTTP: applications and the back office's decisions, nearby search per docs/product/spec.md §9
// (indexed with earthdistance on both engines), vouchers redeemed once at the counter, receivables, reviews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankProfessionals } from '../../core/professionals/ranking';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser, professionalApplication, insertVoucher } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

async function categoryOf(planId: string): Promise<string> {
  const row = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.slug');
  return row.slug as string;
}

let seq = 0;
/** A professional row straight in the database (the application route is tested on its own). */
async function insertProfessional(over: { category: string; status?: string; latitude?: number | null; longitude?: number | null; rating?: number; featured_until?: Date | null; user?: TestUser }) {
  const user = over.user ?? (await createUser(app));
  const status = over.status ?? 'approved';
  seq += 1;
  const [row] = await knex()('professionals')
    .insert({
      user_id: user.id,
      status,
      approved: status === 'approved',
      category: over.category,
      business_name: `Estúdio ${seq}`,
      full_name: user.fullName,
      tax_id: '11144477735',
      cep: '01310100',
      address_city: 'São Paulo',
      latitude: over.latitude === undefined ? -23.56 : over.latitude,
      longitude: over.longitude === undefined ? -46.65 : over.longitude,
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key_type: 'EMAIL',
      pix_key: `pix${seq}@exemplo.com.br`,
      rating_average: over.rating ?? 0,
      featured_until: over.featured_until ?? null,
    })
    .returning('*');
  if (status === 'approved') await knex()('users').where({ id: user.id }).update({ role: 'professional' });
  return { user, row: row as { id: string; latitude: number | null; longitude: number | null; rating_average: string | number; featured_until: Date | null; status: string } };
}

/** Three portfolio rows straight in the database (uploads are tested in professional-photos.test.ts). */
async function addPortfolio(professionalId: string) {
  await knex()('professional_photos').insert([0, 1, 2].map((position) => ({ professional_id: professionalId, storage_key: `professionals/${professionalId}/foto-${position}.webp`, position, width: 800, height: 600 })));
}

/** A redeemable voucher of the plan for a new member (group, place and voucher written as the group flows leave them). */
async function redeemableVoucher(plan: { id: string; price: number; entry_price: number }, member?: TestUser) {
  const user = member ?? (await createUser(app, { fullName: 'Carla Souza' }));
  const { voucher } = await insertVoucher(knex(), plan, user.id);
  return { user, voucher };
}

describe('applying and the back office deciding', () => {
  it('a signed-in user applies (201 pending), an admin approves: role professional, redirect follows the status, audit + e-mail', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const user = await createUser(app, { fullName: 'Paula Tavares' });
    const applied = await user.client.post(
      '/api/professionals/applications',
      professionalApplication(category, { business_name: 'Estúdio Paula', pix_key: { type: 'EMAIL', key: 'paula@exemplo.com.br' } }),
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toEqual({ id: expect.any(String), status: 'pending' });
    expect((await user.client.post('/api/professionals/applications', {})).status).toBe(400);

    const mine = await user.client.get('/api/me/professional');
    expect(mine.body).toMatchObject({ status: 'pending', approved: false, tax_id: '11144477735', latitude: -23.5614 });

    const adminCreds = await app.createAdmin();
    const adminClient = app.client();
    expect((await adminClient.post('/api/auth/login', adminCreds)).status).toBe(200);
    // Approval needs the 3–8 portfolio photos (uploaded after the application; tests/http/professional-photos.test.ts).
    await addPortfolio(applied.body.id);
    const approved = await adminClient.post(`/api/admin/professionals/${applied.body.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approved: true });
    expect((await knex()('users').where({ id: user.id }).first()).role).toBe('professional');
    expect(await knex()('audit_logs').where({ action: 'admin.professional_approve', entity_id: applied.body.id })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'professional_approved' })).toHaveLength(1);

    const featured = await adminClient.post(`/api/admin/professionals/${applied.body.id}/feature`, { until: '2099-12-31' });
    expect(featured.body).toMatchObject({ featured: true, featured_until: '2100-01-01T02:59:59.999Z' });
    const patched = await user.client.request('PATCH', '/api/me/professional', { bio: 'Tatuadora há onze anos, especialista em traço fino e aquarela.' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.bio).toBe('Tatuadora há onze anos, especialista em traço fino e aquarela.');
    expect((await app.client().get(`/api/professionals/${applied.body.id}`)).body).toMatchObject({ business_name: 'Estúdio Paula', featured: true, reviews: [] });

    const login = await app.client().post('/api/auth/login', { email: user.email, password: 'senha-123' });
    expect(login.body.redirect_to).toBe('/dashboard/professional');
    const suspended = await adminClient.post(`/api/admin/professionals/${applied.body.id}/suspend`, { reason: 'Reclamações de clientes' });
    expect(suspended.body).toMatchObject({ status: 'suspended', approved: false, suspended_reason: 'Reclamações de clientes' });
    expect((await app.client().post('/api/auth/login', { email: user.email, password: 'senha-123' })).body.redirect_to).toBe('/professional-pending');

    const list = await adminClient.get(`/api/admin/professionals?filter=${encodeURIComponent(JSON.stringify({ status: 'suspended', category }))}`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([applied.body.id]);
    expect(list.headers.get('content-range')).toBe('professionals 0-0/1');

    // "Aprovar" on a suspended professional reactivates them (decided by the service under the row lock).
    const reactivated = await adminClient.post(`/api/admin/professionals/${applied.body.id}/approve`);
    expect(reactivated.status, JSON.stringify(reactivated.body)).toBe(200);
    expect(reactivated.body).toMatchObject({ status: 'approved', approved: true, suspended_reason: null });
    expect(await knex()('audit_logs').where({ action: 'admin.professional_reactivate', entity_id: applied.body.id })).toHaveLength(1);
    expect(await knex()('audit_logs').where({ action: 'admin.professional_approve', entity_id: applied.body.id })).toHaveLength(1);
  });

  it('a rejected application is corrected and sent again (back to pending); a pending one is not sent twice', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const user = await createUser(app);
    const body = {
      category,
      business_name: 'Clínica Sorriso',
      tax_id: '11.222.333/0001-81',
      cep: '01310100',
      address_number: '12',
      bio: 'Clínica de estética com vinte anos de atendimento na região.',
      pix_key: { type: 'CNPJ', key: '11.222.333/0001-81' },
    };
    const applied = await user.client.post('/api/professionals/applications', body);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect((await user.client.post('/api/professionals/applications', body)).body.error.code).toBe('application_exists');
    const adminClient = app.client();
    await adminClient.post('/api/auth/login', await app.createAdmin());
    const rejected = await adminClient.post(`/api/admin/professionals/${applied.body.id}/reject`, { reason: 'Fotos do portfólio ilegíveis' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Fotos do portfólio ilegíveis' });
    expect((await user.client.get('/api/notifications?per_page=100')).body.items.map((n: { type: string }) => n.type)).toContain('professional_status');
    // A rejected application goes back with its 3–8 portfolio photos.
    await addPortfolio(applied.body.id);
    const again = await user.client.post('/api/professionals/applications', { ...body, business_name: 'Clínica Sorriso Novo' });
    expect(again.body).toEqual({ id: applied.body.id, status: 'pending' });
    expect((await user.client.get('/api/me/professional')).body).toMatchObject({ business_name: 'Clínica Sorriso Novo', rejection_reason: null });
  });

  it('admin routes refuse anonymous callers (401) and plain users (403)', async () => {
    const user = await createUser(app);
    for (const [method, path] of [
      ['GET', '/api/admin/professionals'],
      ['POST', '/api/admin/professionals/00000000-0000-0000-0000-000000000000/approve'],
      ['POST', '/api/admin/professionals/00000000-0000-0000-0000-000000000000/reject'],
      ['POST', '/api/admin/professionals/00000000-0000-0000-0000-000000000000/suspend'],
      ['POST', '/api/admin/professionals/00000000-0000-0000-0000-000000000000/feature'],
    ] as const) {
      expect((await app.client().request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(401);
      expect((await user.client.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(403);
    }
  });
});

describe('nearby search (SPEC §6, §9)', () => {
  const origin = { latitude: -23.5505, longitude: -46.6333 }; // Praça da Sé

  it('lists only approved professionals with coordinates, ordered and measured like rankProfessionals', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const now = new Date();
    const future = new Date(now.getTime() + 7 * 86_400_000);
    const rows = [];
    // Approved, with coordinates, at various distances, ratings and featuring.
    for (const [lat, lng, rating, featured] of [
      [-23.5614, -46.6559, 4.5, null],
      [-23.6, -46.7, 4.9, null],
      [-23.5505, -46.64, 3.0, future],
      [-23.7, -46.55, 4.9, null],
      [-23.52, -46.6, 5.0, new Date(now.getTime() - 86_400_000)], // featuring ended
      [-22.9, -43.2, 5.0, null], // Rio: ~360 km, out of the 50 km radius
    ] as const) {
      rows.push((await insertProfessional({ category, latitude: lat, longitude: lng, rating, featured_until: featured })).row);
    }
    // Not listed: pending, rejected, suspended, approved without coordinates.
    for (const status of ['pending', 'rejected', 'suspended']) rows.push((await insertProfessional({ category, status, latitude: -23.55, longitude: -46.63 })).row);
    rows.push((await insertProfessional({ category, latitude: null, longitude: null, rating: 5 })).row);

    const res = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reference = rankProfessionals(
      rows.map((r) => ({ ...r, approved: r.status === 'approved', rating_average: Number(r.rating_average), latitude: r.latitude, longitude: r.longitude })),
      origin,
      { radiusKm: 50, now: new Date() },
    );
    expect(reference).toHaveLength(5);
    expect(res.body.total).toBe(5);
    expect(res.body.items.map((i: { id: string; distance_km: number; featured: boolean }) => [i.id, i.distance_km, i.featured])).toEqual(
      reference.map((r) => [r.id, r.distance_km, r.featured]),
    );
    expect(res.body.items[0].featured).toBe(true);
    expect(res.body.wider).toBeUndefined();

    // Paging keeps the order.
    const page2 = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}&page=2&per_page=2`);
    expect(page2.body.items.map((i: { id: string }) => i.id)).toEqual(reference.slice(2, 4).map((r) => r.id));
    expect((await app.client().get('/api/professionals/nearby?lat=abc&lng=1')).status).toBe(400);
  });

  it('the radius is a boundary, and fewer than 5 found answers `wider`', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    // About 11.1 km north of the origin (0.1° of latitude).
    const { row } = await insertProfessional({ category, latitude: origin.latitude + 0.1, longitude: origin.longitude });
    const far = await insertProfessional({ category, latitude: origin.latitude + 0.3, longitude: origin.longitude }); // ~33 km
    const [exact] = rankProfessionals([{ ...row, approved: true, rating_average: 0 }], origin, { radiusKm: 50, now: new Date() });
    const inside = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}&radius_km=11.2`);
    expect(inside.body.items.map((i: { id: string }) => i.id)).toEqual([row.id]);
    expect(inside.body.items[0].distance_km).toBe(exact!.distance_km);
    // `wider` is the nearest step of the ladder (50, 100, 200, 500 km, all of Brazil) that finds more.
    expect(inside.body.wider).toEqual({ radius_km: 50, total: 2 });
    const outside = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}&radius_km=11.0`);
    expect(outside.body).toMatchObject({ items: [], total: 0, wider: { radius_km: 50, total: 2 } });
    // Both found, nobody further: the whole country's count, no more than found.
    const all = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}`);
    expect(all.body).toMatchObject({ total: 2, radius_km: 50, wider: { radius_km: 5000, total: 2 } });
    expect(far.row.id).toBeTruthy();
  });

  it('a category with nobody near widens in one step to where someone is; the radius is bounded by all of Brazil', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const rio = await insertProfessional({ category, latitude: -22.9465, longitude: -43.1822 }); // Botafogo, ~360 km away
    const near = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}`);
    expect(near.body).toMatchObject({ items: [], total: 0, radius_km: 50, wider: { radius_km: 500, total: 1 } });
    const widened = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}&radius_km=500`);
    expect(widened.body.items.map((i: { id: string }) => i.id)).toEqual([rio.row.id]);
    expect(widened.body.wider).toEqual({ radius_km: 5000, total: 1 });
    const nationwide = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=${category}&radius_km=5000`);
    expect(nationwide.body).toMatchObject({ total: 1, radius_km: 5000 });
    expect(nationwide.body.wider).toBeUndefined();

    const nobody = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&category=categoria-sem-ninguem`);
    expect(nobody.body).toMatchObject({ items: [], total: 0, wider: { radius_km: 5000, total: 0 } });
    const tooFar = await app.client().get(`/api/professionals/nearby?lat=${origin.latitude}&lng=${origin.longitude}&radius_km=5001`);
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.fields.radius_km).toBe('O raio máximo é 5000 km');
  });

  it.runIf(!!process.env.DATABASE_URL)('on PostgreSQL the nearby query uses the partial GiST index', async () => {
    const { KnexProfessionalRepository } = await import('../../adapters/db/repos/professionals.repos');
    const { sql, bindings } = new KnexProfessionalRepository(knex()).nearbySql(origin, 50);
    await knex().transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const plan = await trx.raw(`explain ${sql}`, bindings as never);
      const text = (plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
      console.log(text);
      expect(text).toContain('professionals_nearby_gist');
    });
  });
});

describe('vouchers at the counter, receivables and reviews', () => {
  it('two concurrent redemptions of one voucher: exactly one 200 and one 409; the receivable is price minus 10%', async () => {
    const plan = await createPlan(app, { price: 50_000 });
    const category = await categoryOf(plan.id);
    const pro = await insertProfessional({ category });
    const { voucher, user: member } = await redeemableVoucher(plan);

    const lookup = await pro.user.client.get(`/api/vouchers/lookup?code=${voucher.code.toLowerCase()}`);
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body).toMatchObject({ code: voucher.code, plan: { id: plan.id, name: plan.name }, member_first_name: 'Carla', status: 'redeemable', can_redeem: true, reason: null, reason_message: null });

    const results = await Promise.all([1, 2].map(() => pro.user.client.post('/api/vouchers/redeem', { code: voucher.code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe('voucher_already_redeemed');
    const ok = results.find((r) => r.status === 200)!.body;
    expect(ok.receivable).toMatchObject({ gross: 50_000, fee: 5_000, net: 45_000, fee_percent: 10, status: 'pending', member_first_name: 'Carla' });
    expect(new Date(ok.receivable.available_at).getTime() - new Date(ok.redeemed_at).getTime()).toBe(7 * 86_400_000);
    expect(await knex()('receivables').where({ voucher_id: voucher.id })).toHaveLength(1);
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).redeemed_by_professional_id).toBe(pro.row.id);
    const notes = (await member.client.get('/api/notifications?per_page=100')).body.items as Array<{ type: string }>;
    expect(notes.map((n) => n.type)).toContain('voucher_redeemed');

    // Later tries: already redeemed; unknown codes 404; a plain user 403.
    expect((await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code })).body.error.code).toBe('voucher_already_redeemed');
    expect((await pro.user.client.post('/api/vouchers/redeem', { code: 'NAOEXISTE1' })).status).toBe(404);
    expect((await member.client.post('/api/vouchers/redeem', { code: voucher.code })).status).toBe(403);
  });

  it('refuses a voucher of another category (409 voucher_wrong_category) and one not yet paid (409 voucher_not_redeemable)', async () => {
    const plan = await createPlan(app);
    const other = await createPlan(app);
    const pro = await insertProfessional({ category: await categoryOf(other.id) });
    const { voucher } = await redeemableVoucher(plan);
    const categoryName = async (planId: string) =>
      (await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.name')).name as string;

    // The lookup already says no, with the reason the redeem then gives: the two never disagree.
    const looked = await pro.user.client.get(`/api/vouchers/lookup?code=${voucher.code}`);
    expect(looked.status, JSON.stringify(looked.body)).toBe(200);
    expect(looked.body).toMatchObject({ status: 'redeemable', can_redeem: false, reason: 'voucher_wrong_category' });
    expect(looked.body.reason_message).toBe(
      `Este voucher é de ${await categoryName(plan.id)}: só um profissional aprovado de ${await categoryName(plan.id)} pode resgatá-lo (o seu cadastro é de ${await categoryName(other.id)}). Oriente o cliente a procurar um profissional dessa categoria.`,
    );
    const wrong = await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe(looked.body.reason);
    expect(wrong.body.error.message).toBe(looked.body.reason_message);
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemable');

    // Another category comes first: a used voucher of another category is still "not yours".
    await knex()('vouchers').where({ id: voucher.id }).update({ status: 'redeemed' });
    expect((await pro.user.client.get(`/api/vouchers/lookup?code=${voucher.code}`)).body).toMatchObject({ can_redeem: false, reason: 'voucher_wrong_category' });

    const unpaid = await redeemableVoucher(other);
    await knex()('vouchers').where({ id: unpaid.voucher.id }).update({ status: 'awaiting_balance' });
    const notYetLooked = await pro.user.client.get(`/api/vouchers/lookup?code=${unpaid.voucher.code}`);
    expect(notYetLooked.body).toMatchObject({ status: 'awaiting_balance', can_redeem: false, reason: 'voucher_not_redeemable' });
    const notYet = await pro.user.client.post('/api/vouchers/redeem', { code: unpaid.voucher.code });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error.code).toBe(notYetLooked.body.reason);
  });

  it('a professional reads only their own receivables', async () => {
    const plan = await createPlan(app, { price: 30_000 });
    const category = await categoryOf(plan.id);
    const a = await insertProfessional({ category });
    const b = await insertProfessional({ category });
    const va = await redeemableVoucher(plan);
    const vb = await redeemableVoucher(plan);
    expect((await a.user.client.post('/api/vouchers/redeem', { code: va.voucher.code })).status).toBe(200);
    expect((await b.user.client.post('/api/vouchers/redeem', { code: vb.voucher.code })).status).toBe(200);
    const mineA = await a.user.client.get('/api/me/receivables');
    expect(mineA.body.items.map((r: { voucher_id: string }) => r.voucher_id)).toEqual([va.voucher.id]);
    expect(mineA.body.totals).toMatchObject({ pending: 27_000, available: 0 });
    const mineB = await b.user.client.get('/api/me/receivables');
    expect(mineB.body.items.map((r: { voucher_id: string }) => r.voucher_id)).toEqual([vb.voucher.id]);
    expect((await va.user.client.get('/api/me/receivables')).status).toBe(403);
    expect((await app.client().get('/api/me/receivables')).status).toBe(401);
  });

  it('one review per voucher (409 review_exists); the average counts published reviews; reply once', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const pro = await insertProfessional({ category });
    const first = await redeemableVoucher(plan);
    const second = await redeemableVoucher(plan);
    for (const v of [first, second]) expect((await pro.user.client.post('/api/vouchers/redeem', { code: v.voucher.code })).status).toBe(200);

    const r1 = await first.user.client.post('/api/reviews', { voucher_id: first.voucher.id, rating: 5, comment: 'Excelente!' });
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    const again = await first.user.client.post('/api/reviews', { voucher_id: first.voucher.id, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('review_exists');
    expect((await second.user.client.post('/api/reviews', { voucher_id: first.voucher.id, rating: 1 })).status).toBe(404);
    expect((await second.user.client.post('/api/reviews', { voucher_id: second.voucher.id, rating: 2 })).status).toBe(201);

    let profile = (await app.client().get(`/api/professionals/${pro.row.id}`)).body;
    expect(profile).toMatchObject({ rating_average: 3.5, total_reviews: 2 });
    expect(profile.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([2, 5]);

    const replied = await pro.user.client.post(`/api/reviews/${r1.body.id}/reply`, { reply: 'Obrigada, volte sempre!' });
    expect(replied.status).toBe(200);
    expect((await pro.user.client.post(`/api/reviews/${r1.body.id}/reply`, { reply: 'De novo' })).status).toBe(409);
    expect((await first.user.client.post(`/api/reviews/${r1.body.id}/report`, { reason: 'Teste de denúncia' })).status).toBe(200);

    // A hidden review stops counting once the average is recomputed by the next review.
    await knex()('reviews').where({ id: r1.body.id }).update({ hidden_at: new Date(), hidden_reason: 'teste' });
    const third = await redeemableVoucher(plan);
    await pro.user.client.post('/api/vouchers/redeem', { code: third.voucher.code });
    expect((await third.user.client.post('/api/reviews', { voucher_id: third.voucher.id, rating: 4 })).status).toBe(201);
    profile = (await app.client().get(`/api/professionals/${pro.row.id}`)).body;
    expect(profile).toMatchObject({ rating_average: 3, total_reviews: 2 });
  });
});

describe('a voucher earned through the group purchase', () => {
  async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string) {
    const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`)).status).toBe(200);
  }

  it('is redeemed by an approved professional of its category once its balance is paid', async () => {
    const plan = await createPlan(app, { price: 42_000, group_size: 2 });
    const pro = await insertProfessional({ category: await categoryOf(plan.id) });
    const ana = await createUser(app, { fullName: 'Ana Lima' });
    const bruno = await createUser(app, { fullName: 'Bruno Reis' });
    const { group, membership } = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(ana, 'entry', membership.id);
    const joined = (await bruno.client.post(`/api/groups/${group.id}/join`, { referral_code: membership.invite_code })).body;
    await pay(bruno, 'entry', joined.membership.id);
    const voucher = (await ana.client.get('/api/me/groups')).body.items[0].voucher as { id: string; code: string; status: string };
    expect(voucher.status).toBe('awaiting_balance');

    const early = await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('voucher_not_redeemable');

    await pay(ana, 'balance', voucher.id);
    expect((await pro.user.client.get(`/api/vouchers/lookup?code=${voucher.code}`)).body).toMatchObject({ member_first_name: 'Ana', status: 'redeemable' });
    const redeemed = await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.receivable).toMatchObject({ gross: 42_000, fee: 4_200, net: 37_800 });
    expect((await ana.client.post('/api/reviews', { voucher_id: voucher.id, rating: 4 })).status).toBe(201);
    expect((await app.client().get(`/api/professionals/${pro.row.id}`)).body).toMatchObject({ rating_average: 4, total_reviews: 1 });
  });
});
