// GET /api/me/vouchers: a member's own vouchers with their QR codes, who redeemed each one and whether it
// can still be reviewed. Never another member's vouchers; signed out → 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, type TestUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

type Plan = Awaited<ReturnType<typeof createPlan>>;

async function categoryOf(planId: string) {
  return (await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.slug', 'c.name')) as { slug: string; name: string };
}

/** A voucher of the plan for the member, written as the group flows leave it. */
async function voucherFor(member: TestUser, plan: Plan, status: 'awaiting_balance' | 'redeemable') {
  const { voucher, groupId } = await insertVoucher(knex(), plan, member.id, { status });
  return { id: voucher.id, code: voucher.code, group_id: groupId };
}

async function approvedProfessional(category: string) {
  const user = await createUser(app, { fullName: 'Rita Moraes' });
  const [row] = await knex()('professionals')
    .insert({
      user_id: user.id,
      status: 'approved',
      approved: true,
      category,
      business_name: 'Estúdio Rita',
      full_name: user.fullName,
      tax_id: '11144477735',
      cep: '01310100',
      address_city: 'São Paulo',
      latitude: -23.56,
      longitude: -46.65,
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key_type: 'EMAIL',
      pix_key: 'rita@exemplo.com.br',
    })
    .returning('*');
  await knex()('users').where({ id: user.id }).update({ role: 'professional' });
  return { user, id: row.id as string };
}

interface VoucherItem {
  id: string;
  code: string;
  status: string;
  plan: { id: string; name: string; category: string | null; category_name: string | null };
  group_id: string;
  redeemed_at: string | null;
  redeemed_by: { id: string; business_name: string } | null;
  qr_svg: string;
  can_review: boolean;
  review_id: string | null;
}

describe('GET /api/me/vouchers', () => {
  it('signed out: 401', async () => {
    const res = await app.client().get('/api/me/vouchers');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('a member without vouchers gets an empty list', async () => {
    const user = await createUser(app);
    const res = await user.client.get('/api/me/vouchers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it('lists only the caller\'s vouchers, with QR code, redeemer and the review state through redemption and review', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const ana = await createUser(app, { fullName: 'Ana Lima' });
    const bruno = await createUser(app, { fullName: 'Bruno Reis' });
    const ready = await voucherFor(ana, plan, 'redeemable');
    const due = await voucherFor(ana, plan, 'awaiting_balance');
    const brunos = await voucherFor(bruno, plan, 'redeemable');

    const before = await ana.client.get('/api/me/vouchers');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    const items = before.body.items as VoucherItem[];
    expect(items.map((v) => v.id).sort()).toEqual([ready.id, due.id].sort());
    expect(items.map((v) => v.code)).not.toContain(brunos.code);
    const readyItem = items.find((v) => v.id === ready.id)!;
    expect(readyItem).toMatchObject({
      code: ready.code,
      status: 'redeemable',
      plan: { id: plan.id, name: plan.name, category: category.slug, category_name: category.name },
      group_id: ready.group_id,
      redeemed_at: null,
      redeemed_by: null,
      can_review: false,
      review_id: null,
    });
    expect(readyItem.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(readyItem.qr_svg).not.toMatch(/<script/i);
    expect(items.find((v) => v.id === due.id)).toMatchObject({ status: 'awaiting_balance', can_review: false });

    // Bruno sees his own only.
    const brunoList = (await bruno.client.get('/api/me/vouchers')).body.items as VoucherItem[];
    expect(brunoList.map((v) => v.id)).toEqual([brunos.id]);

    // Redeemed at the counter: the redeemer shows and the member may review.
    const pro = await approvedProfessional(category.slug);
    const redeemed = await pro.user.client.post('/api/vouchers/redeem', { code: ready.code.toLowerCase() });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const afterRedeem = ((await ana.client.get('/api/me/vouchers')).body.items as VoucherItem[]).find((v) => v.id === ready.id)!;
    expect(afterRedeem).toMatchObject({ status: 'redeemed', redeemed_by: { id: pro.id, business_name: 'Estúdio Rita' }, can_review: true, review_id: null });
    expect(new Date(afterRedeem.redeemed_at!).getTime()).toBe(new Date(redeemed.body.redeemed_at).getTime());

    // The professional's own voucher list is not Ana's.
    expect((await pro.user.client.get('/api/me/vouchers')).body.items).toEqual([]);

    // Reviewed once: the review id shows, no second review offered.
    const review = await ana.client.post('/api/reviews', { voucher_id: ready.id, rating: 5, comment: 'Ótimo atendimento' });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    const afterReview = ((await ana.client.get('/api/me/vouchers')).body.items as VoucherItem[]).find((v) => v.id === ready.id)!;
    expect(afterReview).toMatchObject({ can_review: false, review_id: review.body.id });
    // Bruno still sees nothing of Ana's, and his voucher is untouched.
    expect((await bruno.client.get('/api/me/vouchers')).body.items).toEqual([expect.objectContaining({ id: brunos.id, status: 'redeemable', redeemed_by: null })]);
  });

  it('a redemption older than the 90-day review window is no longer reviewable', async () => {
    const plan = await createPlan(app);
    const category = await categoryOf(plan.id);
    const member = await createUser(app);
    const voucher = await voucherFor(member, plan, 'redeemable');
    const pro = await approvedProfessional(category.slug);
    expect((await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code })).status).toBe(200);
    await knex()('vouchers').where({ id: voucher.id }).update({ redeemed_at: new Date(Date.now() - 91 * 86_400_000) });
    const [item] = (await member.client.get('/api/me/vouchers')).body.items as VoucherItem[];
    expect(item).toMatchObject({ id: voucher.id, status: 'redeemed', can_review: false, review_id: null });
  });
});
