// Test data made fast: confirmed users with profiles and sessions written straight to the database (no argon2 per user).
import { fakerPT_BR as faker } from '@faker-js/faker';
import type { SecretTokens } from '../../core/ports/security';
import { generateCpf } from '../../core/identity/cpf';
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
