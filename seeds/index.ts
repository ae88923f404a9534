// Demo data (faker pt_BR), idempotent: running it twice changes nothing the second time.
import { randomBytes } from 'node:crypto';
import { fakerPT_BR } from '@faker-js/faker';
import type { Container } from 'inversify';
import type { AuthService } from '../core/identity/auth.service';
import type { TwoFactorService } from '../core/identity/two-factor.service';
import type { PlanCatalogService } from '../core/catalog/plan.service';
import { generateCpf } from '../core/identity/cpf';
import { DIRECT_REFERRAL } from '../core/identity/account.service';
import type { PasswordHasher } from '../core/ports/security';
import type { AppUnitOfWork } from '../adapters/db/unit-of-work';
import { TOKENS } from '../adapters/tokens';
import sharp from 'sharp';
import type { ProfessionalPhotoService } from '../core/professionals/photo.service';
import { DEMO_ADDRESSES } from './addresses.data';
import { DEMO_PLAN_CATEGORIES, DEMO_PLANS } from './plans.data';
import { seedProducts } from './products';
import { seedDemoProfessionals } from './professionals';
import { DEMO_PROFESSIONALS } from './professionals.data';
import type { LegalService } from '../core/legal/legal.service';

export const DEMO_ADMIN_EMAIL = 'admin@turma.local';
export const DEMO_USER_PASSWORD = 'demo12345';
export const DEMO_INFLUENCER_EMAIL = 'influencer@turma.local';
export const DEMO_INFLUENCER_CODE = 'TURMA10';
export const DEMO_PROFESSIONAL_EMAIL = 'profissional@turma.local';
const DEMO_USER_COUNT = 12;

export interface SeedReport {
  adminCreated: { email: string; password: string } | null;
  usersCreated: number;
  planCategories: number;
  plans: number;
  productCategories: number;
  /** Demo marketplace products created by this run (existing slugs are left alone). */
  productsCreated: number;
  /** The demo accounts this run created (password DEMO_USER_PASSWORD), printed on the first start. */
  demoAccounts: Array<{ email: string; name: string; role: 'user' | 'professional' | 'influencer' }>;
}

export async function runSeeds(
  container: Container,
  options: { demoUsers?: boolean; adminPassword?: string | undefined; adminTotpSecret?: string | undefined; demoProducts?: boolean } = {},
): Promise<SeedReport> {
  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  const auth = container.get<AuthService>(TOKENS.AuthService);
  const catalog = container.get<PlanCatalogService>(TOKENS.PlanCatalogService);
  const hasher = container.get<PasswordHasher>(TOKENS.PasswordHasher);
  const meta = { ip: null, userAgent: 'turma seed', requestId: null };

  let adminCreated: SeedReport['adminCreated'] = null;
  if ((await uow.repos.identity.users.count({ role: 'admin' })) === 0) {
    // A random password, printed once by the caller: never a default credential (DEMO_ADMIN_PASSWORD may set it).
    const password = options.adminPassword ?? randomBytes(9).toString('base64url');
    const admin = await auth.createAdmin({ email: DEMO_ADMIN_EMAIL, fullName: 'Administração Turma', password }, meta);
    // Only when DEMO_ADMIN_TOTP_SECRET is set (browser tests); otherwise the admin enrols on first sign-in.
    if (options.adminTotpSecret) await container.get<TwoFactorService>(TOKENS.TwoFactorService).enableWithKnownSecret(admin.id, options.adminTotpSecret);
    adminCreated = { email: DEMO_ADMIN_EMAIL, password };
  }

  const categoryIds = new Map<string, string>();
  for (const category of DEMO_PLAN_CATEGORIES) {
    const saved = await uow.run((tx) => tx.catalog.plans.upsertCategory({ ...category, active: true }));
    categoryIds.set(category.slug, saved.id);
  }
  for (const { category, ...plan } of DEMO_PLANS) {
    await catalog.savePlan({ ...plan, category_id: categoryIds.get(category) ?? null, image_url: null, active: true });
  }

  // Demo products are demo data like the demo people: never in a production seed (`--no-demo-users`).
  const products = (options.demoProducts ?? options.demoUsers !== false) ? await seedProducts(container) : { categories: 0, created: 0 };

  let usersCreated = 0;
  const demoAccounts: SeedReport['demoAccounts'] = [];
  if (options.demoUsers !== false) {
    // A fixed seed makes the same people every run, which is what keeps this idempotent.
    const faker = fakerPT_BR;
    faker.seed(20_241_121);
    const passwordHash = await hasher.hash(DEMO_USER_PASSWORD);
    const demoEmails: string[] = [DEMO_INFLUENCER_EMAIL, DEMO_PROFESSIONAL_EMAIL, ...DEMO_PROFESSIONALS.map((p) => p.email)];
    for (let i = 0; i < DEMO_USER_COUNT; i++) {
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const email = `${faker.helpers.slugify(`${firstName}.${lastName}`).toLowerCase()}.${i + 1}@exemplo.com.br`;
      demoEmails.push(email);
      const cpf = generateCpf(() => faker.number.float({ min: 0, max: 0.999999 }));
      const profile = {
        full_name: `${firstName} ${lastName}`,
        cpf,
        phone: `119${faker.string.numeric(8)}`,
        birth_date: faker.date.birthdate({ mode: 'age', min: 18, max: 70 }).toISOString().slice(0, 10),
        // A real address (CEP, street, district, city) near its coordinates, a few hundred metres apart per person.
        ...((address) => ({
          cep: address.cep,
          address_street: address.street,
          address_district: address.district,
          address_city: address.city,
          address_state: address.state,
          latitude: Number((address.latitude + faker.number.float({ min: -0.004, max: 0.004 })).toFixed(6)),
          longitude: Number((address.longitude + faker.number.float({ min: -0.004, max: 0.004 })).toFixed(6)),
        }))(DEMO_ADDRESSES[i % DEMO_ADDRESSES.length]!),
        address_number: String(faker.number.int({ min: 1, max: 3000 })),
        address_complement: null,
        origem: faker.helpers.arrayElement(['www', 'usuario', 'influenciador'] as const),
      };
      const created = await uow.run(async (tx) => {
        if (await tx.identity.users.findByEmail(email)) return false;
        const user = await tx.identity.users.create({ email, password_hash: passwordHash, role: 'user', email_confirmed_at: new Date() });
        await tx.identity.profiles.create({ user_id: user.id, email, ...profile });
        await tx.referrals.create({ referred_user_id: user.id, referrer_user_id: null, ...DIRECT_REFERRAL });
        return true;
      });
      if (created) {
        usersCreated++;
        demoAccounts.push({ email, name: profile.full_name, role: 'user' });
      }
    }
    // One approved demo influencer: links /r/TURMA10, /ref/TURMA10 and /indicacao/TURMA10 attribute sign-ups.
    const influencerCreated = await uow.run(async (tx) => {
      if (await tx.identity.users.findByEmail(DEMO_INFLUENCER_EMAIL)) return false;
      const user = await tx.identity.users.create({ email: DEMO_INFLUENCER_EMAIL, password_hash: passwordHash, role: 'influencer', email_confirmed_at: new Date() });
      await tx.identity.profiles.create({ user_id: user.id, email: DEMO_INFLUENCER_EMAIL, full_name: 'Influenciadora Demo', origem: 'www' });
      await tx.referrals.create({ referred_user_id: user.id, referrer_user_id: null, ...DIRECT_REFERRAL });
      const influencer = await tx.influencers.create({ user_id: user.id, instagram: 'turma.demo', tiktok: null, youtube: null, audience_size: 25_000, niche: 'Lifestyle', pix_key_type: 'EMAIL', pix_key: DEMO_INFLUENCER_EMAIL });
      await tx.influencers.update(influencer.id, { status: 'approved', code: DEMO_INFLUENCER_CODE, commission_rate_bp: 1000, approved_at: new Date() });
      return true;
    });
    if (influencerCreated) demoAccounts.push({ email: DEMO_INFLUENCER_EMAIL, name: 'Influenciadora Demo', role: 'influencer' });
    if (await seedDemoProfessional(container, passwordHash)) demoAccounts.push({ email: DEMO_PROFESSIONAL_EMAIL, name: 'Estúdio Traço Fino (Profissional Demo)', role: 'professional' });
    // Every service category has an approved professional in both demo cities: every demo voucher has a counter.
    for (const account of await seedDemoProfessionals(container, passwordHash)) demoAccounts.push({ ...account, role: 'professional' });
    await acceptCurrentDocuments(container, demoEmails);
  }

  return { adminCreated, usersCreated, demoAccounts, planCategories: DEMO_PLAN_CATEGORIES.length, plans: DEMO_PLANS.length, productCategories: products.categories, productsCreated: products.created };
}

/**
 * The demo accounts accepted the terms and privacy versions in force, as a sign-up records them: without it every demo
 * sign-in shows the "Atualizamos nossos documentos" notice. Once per person and version, so a second run adds nothing.
 */
async function acceptCurrentDocuments(container: Container, emails: readonly string[]): Promise<void> {
  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  const legal = container.get<LegalService>(TOKENS.LegalService);
  for (const email of emails) {
    await uow.run(async (tx) => {
      const user = await tx.identity.users.findByEmail(email);
      if (user) await legal.recordSignup(tx, user, null);
    });
  }
}

/** A portfolio picture for the demo professional: a generated PNG (the photo service re-encodes it as any upload). */
async function demoPhoto(index: number): Promise<Uint8Array> {
  const hues = [24, 36, 12];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="hsl(${hues[index % 3]}, 70%, 18%)"/><circle cx="400" cy="360" r="${150 + index * 30}" fill="none" stroke="hsl(${hues[index % 3]}, 90%, 60%)" stroke-width="14"/><text x="400" y="700" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">Traço Fino ${index + 1}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/**
 * One approved demo professional: a tattoo studio on Avenida Paulista with three portfolio photos, so the
 * nearby search, a public profile and voucher redemption can be tried at once. False when it already exists.
 */
async function seedDemoProfessional(container: Container, passwordHash: string): Promise<boolean> {
  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  const address = DEMO_ADDRESSES.find((a) => a.cep === '01311200')!;
  const userId = await uow.run(async (tx) => {
    if (await tx.identity.users.findByEmail(DEMO_PROFESSIONAL_EMAIL)) return null;
    const user = await tx.identity.users.create({ email: DEMO_PROFESSIONAL_EMAIL, password_hash: passwordHash, role: 'professional', email_confirmed_at: new Date() });
    await tx.identity.profiles.create({
      user_id: user.id,
      email: DEMO_PROFESSIONAL_EMAIL,
      full_name: 'Paula Demo Andrade',
      cep: address.cep,
      address_street: address.street,
      address_number: '1578',
      address_complement: null,
      address_district: address.district,
      address_city: address.city,
      address_state: address.state,
      latitude: address.latitude,
      longitude: address.longitude,
      origem: 'www',
    });
    await tx.referrals.create({ referred_user_id: user.id, referrer_user_id: null, ...DIRECT_REFERRAL });
    const professional = await tx.professionals.professionals.create({
      user_id: user.id,
      category: 'tatuagem',
      business_name: 'Estúdio Traço Fino',
      full_name: 'Paula Demo Andrade',
      tax_id: '11144477735',
      register: null,
      cep: address.cep,
      address_street: address.street,
      address_number: '1578',
      address_complement: 'Sala 12',
      address_district: address.district,
      address_city: address.city,
      address_state: address.state,
      latitude: address.latitude,
      longitude: address.longitude,
      bio: 'Estúdio de tatuagem fineline e aquarela na Avenida Paulista, com hora marcada e retoque incluso.',
      pix_key_type: 'EMAIL',
      pix_key: DEMO_PROFESSIONAL_EMAIL,
    });
    await tx.professionals.professionals.update(professional.id, { status: 'approved', approved: true, decided_at: new Date() });
    return user.id;
  });
  if (!userId) return false;
  const photos = container.get<ProfessionalPhotoService>(TOKENS.ProfessionalPhotoService);
  for (let i = 0; i < 3; i++) await photos.add(userId, { bytes: await demoPhoto(i) });
  return true;
}

/** Removes every row (keeps the schema); the CLI asks for confirmation first. */
export async function resetData(container: Container): Promise<void> {
  const { knex } = container.get<{ knex: import('knex').Knex }>(TOKENS.Database);
  const { rows } = await knex.raw<{ rows: Array<{ tablename: string }> }>(
    `select tablename from pg_tables where schemaname = current_schema() and tablename not like 'knex_migrations%'`,
  );
  if (rows.length) await knex.raw(`truncate table ${rows.map((r) => `"${r.tablename}"`).join(', ')} cascade`);
}
