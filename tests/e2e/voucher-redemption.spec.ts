// A voucher has somewhere to go: "Encontrar profissionais que aceitam" opens the nearby search by the voucher's category
// (saying plainly when nobody is near, widening on a tap); a professional of another category sees why it is not theirs;
// a failed confirm leaves no "found" card. Uses the seeded demo professionals.
import type { Browser, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { adminRequest } from './support/admin';
import { apiContext, apiLogin, paySandbox } from './support/api';
import { expect, capture, test } from './support/fixtures';

/** DEMO_USER_PASSWORD of seeds/index.ts: every demo account's password. */
const DEMO_PASSWORD = 'demo12345';
const TATTOO_STUDIO = 'profissional@turma.local';
const ESTHETICS_SP = { email: 'estetica@turma.local', name: 'Espaço Pele Viva' };
const ESTHETICS_RJ = { email: 'estetica.rio@turma.local', name: 'Estética Rio Branco' };
const PINHEIROS = { latitude: -23.565, longitude: -46.68 };
const CAMPINAS = { latitude: -22.9056, longitude: -47.0608 }; // ~80 km from the São Paulo esthetics studio

/** A redeemable Estética voucher: a two-person plan of the category, both entries paid, Ana's balance paid. */
async function estheticsVoucher(testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const admin = await adminRequest();
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { id: string; slug: string; name: string }[] };
  const category = categories.items.find((c) => c.slug === 'estetica')!;
  const planName = `Limpeza de pele de teste ${suffix}`;
  const created = await admin.post('/api/admin/plans', {
    data: { slug: `e2e-estetica-${suffix}`, name: planName, description: 'Plano do teste de resgate por categoria.', kind: 'service', category_id: category.id, price: 10_000, full_price: 15_000, group_size: 2, window_days: 7, active: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: string };
  await admin.dispose();

  const members = [];
  for (const firstName of ['Ana', 'Bia']) {
    const ctx = await apiContext(testInfo);
    const person = await createConfirmedAccount(ctx, newPerson(firstName));
    await apiLogin(ctx, person.email, person.password);
    const joined = await ctx.post(`/api/plans/${plan.id}/join`);
    expect(joined.status(), await joined.text()).toBe(201);
    await paySandbox(ctx, 'entry', ((await joined.json()) as { membership: { id: string } }).membership.id);
    members.push({ ctx, person });
  }
  const [ana, bia] = members as [(typeof members)[number], (typeof members)[number]];
  const vouchers = (await (await ana.ctx.get('/api/me/vouchers')).json()) as { items: { id: string; code: string; plan: { id: string } }[] };
  const voucher = vouchers.items.find((v) => v.plan.id === plan.id)!;
  await paySandbox(ana.ctx, 'balance', voucher.id);
  await bia.ctx.dispose();
  return { ana, voucher, planName };
}

/** The project's device (desktop or phone) in the brand's dark theme. */
function contextOptions(testInfo: TestInfo) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, colorScheme: 'dark' as const, locale: 'pt-BR' };
}

async function professionalPage(browser: Browser, testInfo: TestInfo, email: string) {
  const context = await browser.newContext(contextOptions(testInfo));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/auth');
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/professional$/);
  return { context, page, errors };
}

test('a voucher leads to the professionals of its category, widening the radius on a tap; another category cannot redeem it', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const { ana, voucher, planName } = await estheticsVoucher(testInfo);

  // --- The member's voucher opens the nearby search filtered by Estética.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(PINHEIROS);
  await page.emulateMedia({ colorScheme: 'dark' }); // the brand's default theme
  await page.goto('/auth');
  await signIn(page, ana.person.email, ana.person.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const ticket = page.getByRole('region', { name: 'Meus vouchers' }).getByRole('article', { name: planName });
  const find = ticket.getByRole('link', { name: 'Encontrar profissionais que aceitam' });
  await expect(find).toHaveAttribute('href', '/marketplace/services?category=estetica');
  await find.click();
  await expect(page).toHaveURL(/\/marketplace\/services\?category=estetica$/);
  const section = page.getByRole('region', { name: 'Profissionais perto de você' });
  await expect(section.getByRole('button', { name: 'Estética', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('article', { name: ESTHETICS_SP.name })).toBeVisible();
  // The tattoo studio on Avenida Paulista is 3 km away, but its category is not the voucher's.
  await expect(section.getByRole('article', { name: 'Estúdio Traço Fino' })).toHaveCount(0);
  const shown = await section.locator('.pro-card__category').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['Estética']));

  // --- From Campinas nobody of Estética is within 50 km: said plainly, and one tap widens to where someone is. A fresh
  // visitor opening the filtered address (the browser keeps a position for 5 minutes, so not the same page).
  const visitor = await browser.newContext({ ...contextOptions(testInfo), geolocation: CAMPINAS, permissions: ['geolocation'] });
  const far = await visitor.newPage();
  const farErrors: string[] = [];
  far.on('console', (m) => {
    if (m.type() === 'error') farErrors.push(m.text());
  });
  far.on('pageerror', (e) => farErrors.push(e.message));
  // Server-rendered with the category from the address, then hydrated without a mismatch (checked below).
  await far.goto('/marketplace/services?category=estetica');
  const farSection = far.getByRole('region', { name: 'Profissionais perto de você' });
  await expect(farSection.getByText('Nenhum profissional de Estética em até 50 km')).toBeVisible();
  await expect(farSection.getByRole('button', { name: 'Estética', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(farSection.getByRole('button', { name: '50 km', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await capture(far, testInfo, 'nearby-category-empty', { fullPage: true });
  await farSection.getByRole('button', { name: 'Ampliar para 100 km (1 profissional)' }).click();
  await expect(farSection.getByText('1 profissional em até 100 km')).toBeVisible();
  await expect(farSection.getByRole('article', { name: ESTHETICS_SP.name })).toBeVisible();
  await expect(farSection.getByRole('button', { name: '100 km', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The radius control reaches the whole country.
  await farSection.getByRole('button', { name: 'Todo o Brasil', exact: true }).click();
  await expect(farSection.getByText(/\d+ profissionais em todo o Brasil/)).toBeVisible();
  await expect(farSection.getByRole('article', { name: ESTHETICS_RJ.name })).toBeVisible();
  expect(await far.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await capture(farSection, testInfo, 'nearby-category-nationwide');
  expect(farErrors).toEqual([]);
  await visitor.close();

  // --- The tattoo studio looks the Estética voucher up: why not, who can, and nothing to confirm.
  const tattoo = await professionalPage(browser, testInfo, TATTOO_STUDIO);
  await tattoo.page.getByLabel('Código do voucher').fill(voucher.code);
  await tattoo.page.getByRole('button', { name: 'Buscar voucher' }).click();
  const refused = tattoo.page.locator('.redeem__found');
  await expect(refused.getByText('Este voucher não pode ser resgatado aqui')).toBeVisible();
  await expect(refused.getByText(planName)).toBeVisible();
  await expect(
    refused.getByText('Este voucher é de Estética: só um profissional aprovado de Estética pode resgatá-lo, e o seu cadastro é de Tatuagem.', { exact: false }),
  ).toBeVisible();
  await expect(refused.getByText('De outra categoria')).toBeVisible();
  await expect(refused.getByText('Pronto para usar')).toHaveCount(0);
  await expect(tattoo.page.getByRole('button', { name: 'Confirmar resgate' })).toHaveCount(0);
  await capture(tattoo.page, testInfo, 'redeem-wrong-category', { fullPage: true });
  await tattoo.page.getByRole('button', { name: 'Buscar outro código' }).click();
  await expect(refused).toHaveCount(0);
  await expect(tattoo.page.getByLabel('Código do voucher')).toHaveValue('');
  expect(tattoo.errors).toEqual([]);
  await tattoo.context.close();

  // --- An Estética studio may: "Confirmar resgate". Another studio redeems it first: the confirm fails, and the
  // "found" card goes with it, the reason under the code.
  const esthetics = await professionalPage(browser, testInfo, ESTHETICS_SP.email);
  await esthetics.page.getByLabel('Código do voucher').fill(voucher.code);
  await esthetics.page.getByRole('button', { name: 'Buscar voucher' }).click();
  const found = esthetics.page.locator('.redeem__found');
  await expect(found.getByText('Voucher encontrado')).toBeVisible();
  await expect(found.getByText('Pronto para usar')).toBeVisible();
  const other = await apiContext(testInfo);
  await apiLogin(other, ESTHETICS_RJ.email, DEMO_PASSWORD);
  expect((await other.post('/api/vouchers/redeem', { data: { code: voucher.code } })).status()).toBe(200);
  await other.dispose();
  await found.getByRole('button', { name: 'Confirmar resgate' }).click();
  await expect(esthetics.page.getByText('Este voucher já foi utilizado.')).toBeVisible();
  await expect(found).toHaveCount(0);
  await expect(esthetics.page.getByRole('button', { name: 'Confirmar resgate' })).toHaveCount(0);
  expect(esthetics.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  await esthetics.context.close();
  await ana.ctx.dispose();
});
