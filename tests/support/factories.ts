// Test data made fast: confirmed users with profiles and sessions written straight to the database (no argon2 per user).
import { fakerPT_BR as faker } from '@faker-js/faker';
import type { SecretTokens } from '../../core/ports/security';
import { formatCpf, generateCpf } from '../../core/identity/cpf';
import { TOKENS } from '../../adapters/tokens';
import type { HttpClient, TestApp } from './test-app';

// One real argon2id hash of "senha-123", made once per process.
let sharedHash: Promise<string> | null = null;

export interface TestUser {
  id: string;
  email: string;
  fullName: string;
  client: HttpClient;
}

export async function createUser(app: TestApp, overrides: { fullName?: string; role?: string; cpf?: string | null } = {}): Promise<TestUser> {
  const { Argon2PasswordHasher } = await import('../../adapters/security/argon2.hasher');
  sharedHash ??= new Argon2PasswordHasher().hash('senha-123');
  const fullName = overrides.fullName ?? `${faker.person.firstName()} ${faker.person.lastName()}`;
  const email = `${faker.string.alphanumeric(10).toLowerCase()}@exemplo.com.br`;
  const knex = app.db.knex;
  const [user] = await knex('users')
    .insert({ email, password_hash: await sharedHash, role: overrides.role ?? 'user', email_confirmed_at: new Date() })
    .returning(['id']);
  await knex('profiles').insert({
    user_id: user.id,
    email,
    full_name: fullName,
    cpf: overrides.cpf === undefined ? generateCpf(Math.random) : overrides.cpf,
    phone: '11987654321',
    cep: '01310100',
    address_street: 'Avenida Paulista',
    address_number: '1000',
    address_city: 'São Paulo',
    address_state: 'SP',
    origem: 'www',
  });
  const tokens = app.container.get<SecretTokens>(TOKENS.SecretTokens);
  const token = tokens.generate();
  await knex('sessions').insert({
    user_id: user.id,
    token_hash: tokens.digest(token),
    expires_at: new Date(Date.now() + 30 * 86_400_000),
    last_seen_at: new Date(),
    // An admin made here has already passed the second factor (ignored for other roles, and kept when a test
    // promotes the user later); tests/http/admin-2fa.test.ts covers the sign-in itself.
    second_factor_at: new Date(),
  });
  const client = app.client();
  client.setCookie('turma_session', token);
  return { id: user.id as string, email, fullName, client };
}

/** An active plan of the given size (entry = 10% of price, as the database insists). */
export async function createPlan(app: TestApp, overrides: { price?: number; group_size?: number; window_days?: number } = {}) {
  const price = overrides.price ?? 50_000;
  const [category] = await app.db.knex('plan_categories')
    .insert({ name: 'Tatuagem', slug: `tatuagem-${faker.string.alphanumeric(6).toLowerCase()}`, kind: 'service' })
    .returning(['id']);
  const [plan] = await app.db.knex('plans')
    .insert({
      category_id: category.id,
      name: `Plano ${faker.string.alphanumeric(5)}`,
      slug: `plano-${faker.string.alphanumeric(10).toLowerCase()}`,
      kind: 'service',
      price,
      full_price: price + 10_000,
      entry_price: Math.floor((price + 5) / 10),
      group_size: overrides.group_size ?? 2,
      window_days: overrides.window_days ?? 30,
    })
    .returning('*');
  return plan as { id: string; price: number; entry_price: number; group_size: number; name: string };
}

/** A professional row written straight to the database (approved unless told), with its own user; returns its id. */
export async function insertProfessional(app: TestApp, category: string, over: { status?: string; latitude: number; longitude: number }) {
  const user = await createUser(app);
  const status = over.status ?? 'approved';
  const [row] = await app.db.knex('professionals')
    .insert({
      user_id: user.id, status, approved: status === 'approved', category, business_name: 'Estúdio Mapa', full_name: user.fullName,
      tax_id: '11144477735', cep: '01310100', address_street: 'Avenida Paulista', address_number: '1578', address_district: 'Bela Vista',
      address_city: 'São Paulo', address_state: 'SP', latitude: over.latitude, longitude: over.longitude,
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.', pix_key_type: 'EMAIL', pix_key: `${user.id}@exemplo.com.br`,
    })
    .returning(['id']);
  return row.id as string;
}

/** A valid professional application body (POST /api/professionals/applications) for a category; override what a test is about. */
export function professionalApplication(category: string, overrides: Record<string, unknown> = {}) {
  return {
    category,
    business_name: 'Estúdio de Teste',
    tax_id: '111.444.777-35',
    cep: '01310-100',
    address_number: '1000',
    latitude: -23.5614,
    longitude: -46.6559,
    bio: 'Tatuadora há dez anos, especialista em traço fino e aquarela.',
    pix_key: { type: 'EMAIL', key: 'profissional@exemplo.com.br' },
    ...overrides,
  };
}

/**
 * A voucher of `plan` for `userId`, written as the group flows leave it: a completed group of 2 in which the member is
 * awarded. `redeemable` is a paid balance; `redeemed` also needs the professional who redeemed it.
 */
export async function insertVoucher(
  knex: TestApp['db']['knex'],
  plan: { id: string; price: number; entry_price: number },
  userId: string,
  options: { status?: 'awaiting_balance' | 'redeemable' | 'redeemed'; redeemedBy?: string; redeemedAt?: Date; code?: string } = {},
) {
  const status = options.status ?? 'redeemable';
  const [group] = await knex('groups')
    .insert({ plan_id: plan.id, owner_user_id: userId, status: 'complete', group_size: 2, price: plan.price, entry_price: plan.entry_price, deadline_at: new Date(Date.now() + 86_400_000), completed_at: new Date() })
    .returning('*');
  const [member] = await knex('group_members')
    .insert({ group_id: group.id, user_id: userId, status: 'awarded', invite_code: faker.string.alphanumeric(10).toUpperCase(), paid_at: new Date(), awarded_at: new Date() })
    .returning('*');
  const [voucher] = await knex('vouchers')
    .insert({
      member_id: member.id,
      user_id: userId,
      group_id: group.id,
      plan_id: plan.id,
      code: options.code ?? `V${faker.string.alphanumeric(9).toUpperCase()}`,
      status,
      price: plan.price,
      entry_paid: plan.entry_price,
      balance_due: plan.price - plan.entry_price,
      redeemable_at: status === 'awaiting_balance' ? null : new Date(),
      ...(status === 'redeemed' ? { redeemed_at: options.redeemedAt ?? new Date(), redeemed_by_professional_id: options.redeemedBy } : {}),
    })
    .returning('*');
  return { voucher: voucher as { id: string; code: string }, groupId: group.id as string };
}

/**
 * Wallet credit made the way members get it (docs/product/group-purchase.md): `user` pays the entry of a new group through the sandbox,
 * chooses to keep it as credit, and the group expires. The credit is the plan's entry price (`amount`, default R$ 50,00).
 */
export async function walletCreditFromExpiredGroup(app: TestApp, user: TestUser, amount = 5_000): Promise<number> {
  const plan = await createPlan(app, { price: amount * 10 - 5, group_size: 3 });
  const created = await user.client.post('/api/groups', { plan_id: plan.id });
  if (created.status !== 201) throw new Error(`grupo não criado: ${JSON.stringify(created.body)}`);
  const memberId = created.body.membership.id as string;
  const pay = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  if (pay.status !== 201) throw new Error(`entrada não criada: ${JSON.stringify(pay.body)}`);
  await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`);
  const kept = await user.client.request('PATCH', `/api/me/memberships/${memberId}`, { refund_to: 'wallet' });
  if (kept.status !== 200) throw new Error(`preferência não salva: ${JSON.stringify(kept.body)}`);
  await app.container.get<import('../../core/flows/expire-groups.flow').ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(created.body.group.id);
  return plan.entry_price;
}

/** An influencer row written straight to the database (approved with a code and 10% unless told), with its own user. */
export async function approvedInfluencer(app: TestApp, over: { code?: string; status?: 'approved' | 'suspended' | 'pending'; rateBp?: number; user?: TestUser } = {}) {
  const user = over.user ?? (await createUser(app));
  const status = over.status ?? 'approved';
  const code = status === 'pending' ? null : (over.code ?? `INF${faker.string.alphanumeric(6).toUpperCase()}`);
  const [row] = await app.db.knex('influencers')
    .insert({
      user_id: user.id, status, code, commission_rate_bp: status === 'pending' ? null : (over.rateBp ?? 1000), instagram: 'turma.teste',
      audience_size: 5000, niche: 'Lifestyle', pix_key_type: 'EMAIL', pix_key: `${user.id}@exemplo.com.br`, approved_at: status === 'pending' ? null : new Date(),
    })
    .returning(['id']);
  if (status !== 'pending') await app.db.knex('users').where({ id: user.id }).update({ role: 'influencer' });
  const profile = await app.db.knex('profiles').where({ user_id: user.id }).first('cpf', 'phone');
  return { id: row.id as string, userId: user.id, code, user, cpf: profile.cpf as string | null, phone: profile.phone as string | null };
}

/**
 * An influencer row written straight to the database (approved with a code and a rate unless told), with its own user
 * (role influencer). The application and approval routes are tested in tests/http/referrals.test.ts.
 */
export async function insertInfluencer(app: TestApp, over: { status?: 'pending' | 'approved' | 'suspended'; rateBp?: number; code?: string; pixKey?: string } = {}) {
  const user = await createUser(app, { role: 'influencer' });
  const status = over.status ?? 'approved';
  const code = over.code ?? `INF${faker.string.alphanumeric(8).toUpperCase()}`;
  const [row] = await app.db.knex('influencers')
    .insert({
      user_id: user.id, status, code: status === 'pending' ? null : code, commission_rate_bp: status === 'pending' ? null : (over.rateBp ?? 1_000),
      instagram: '@teste', audience_size: 12_000, niche: 'beleza', pix_key_type: 'EMAIL', pix_key: over.pixKey ?? `${user.id}@exemplo.com.br`,
      approved_at: status === 'pending' ? null : new Date(),
    })
    .returning('*');
  return { user, id: row.id as string, code };
}

/** Binds `userId`'s sign-up to the influencer as the attribution does (the referral row), optionally as a self-referral. */
export async function bindReferral(app: TestApp, influencer: { id: string; user: { id: string }; code: string }, userId: string, options: { selfReferral?: boolean; at?: Date } = {}) {
  const at = options.at ?? new Date();
  const row = { referrer_user_id: influencer.user.id, referral_type: 'influencer', status: 'confirmed', codigo_referencia: influencer.code, influencer_id: influencer.id, self_referral: options.selfReferral ?? false, clicked_at: at, created_at: at };
  await app.db.knex('referrals').insert({ referred_user_id: userId, ...row }).onConflict('referred_user_id').merge(row);
}

let signupSeq = 0;

/** A valid POST /api/auth/signup body for a new person (unique e-mail, CPF and phone); `overrides` replace fields. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  signupSeq++;
  return {
    full_name: 'Bruna Carvalho',
    email: `bruna.${signupSeq}.${Date.now()}@exemplo.com.br`,
    cpf: formatCpf(generateCpf(Math.random)),
    phone: `(21) 9${String(10_000_000 + signupSeq).slice(-8)}`,
    birth_date: '1994-03-08',
    cep: '01310-100',
    address_number: '900',
    password: 'segredo-123',
    accept_terms: true,
    ...overrides,
  };
}
