// Referrals in the browser: a visitor opens /indicacao/<code>, lands on `?inf=<code>`, signs up, and the admin API shows
// the click and the sign-up bound; a signed-in user applies on /influencer-signup and sees the pending screen; the admin
// approves an application with a rate in /admin/influencers.
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, type Person } from './support/accounts';
import { adminRequest, searchList, signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';

const EXPECTED_401 = /status of 401/;

async function login(ctx: APIRequestContext, email: string, password: string) {
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function newContext(testInfo: TestInfo) {
  return playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
}

/** A confirmed account that applies as an influencer over the API (pending). */
async function applicant(testInfo: TestInfo, firstName: string): Promise<{ ctx: APIRequestContext; person: Person; id: string }> {
  const ctx = await newContext(testInfo);
  const person = await createConfirmedAccount(ctx, newPerson(firstName));
  await login(ctx, person.email, person.password);
  const res = await ctx.post('/api/influencers/applications', {
    data: { instagram: '@perfil.e2e', audience_size: 32_000, niche: 'Viagens', pix_key: { type: 'EMAIL', key: person.email } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ctx, person, id: ((await res.json()) as { id: string }).id };
}

test.describe('referral links and influencers', () => {
  test('a visitor follows /indicacao/<code>, lands on the landing page, signs up, and is bound to the influencer', async ({ page, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const admin = await adminRequest();
    const influencer = await applicant(testInfo, 'Lara');
    const approved = await admin.post(`/api/admin/influencers/${influencer.id}/approve`, { data: { commission_rate_bp: 1000 } });
    expect(approved.status(), await approved.text()).toBe(200);
    const code = ((await approved.json()) as { code: string }).code;

    await page.goto(`/indicacao/${code.toLowerCase()}`);
    // The server records the click and sends the visitor on (its carrier cookie comes with the redirect).
    await expect(page).toHaveURL(new RegExp(`/\\?inf=${code.toLowerCase()}$`), { timeout: 15_000 });
    await expect(page.getByRole('link', { name: /começar agora/i }).first()).toBeVisible();
    await capture(page, testInfo, 'referral-landing');
    // The profile origin of the visit (docs/product/spec.md §4): influencer links → 'influenciador', kept for the sign-up.
    // Stored by the app once it runs on the landing (the server-drawn page is on screen before it).
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('turma_origin'))).toBe('influenciador');
    // The attribution is a server cookie, not the page's storage.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'turma_ref')).toMatchObject({ httpOnly: true });

    // Sign-up in this browser (its cookies go along), then the admin sees the click and the bound sign-up.
    // Not the influencer's phone (newPerson's default): that would be a self-referral, flagged.
    await createConfirmedAccount(page.request, { ...newPerson('Bruna'), phone: '21976543210' });
    const detail = await admin.get(`/api/admin/influencers/${influencer.id}`);
    expect(detail.status()).toBe(200);
    expect(((await detail.json()) as { funnel: unknown }).funnel).toEqual({ clicks: 1, signups: 1, self_referrals: 0, flagged: 0 });

    // An unknown code still lands on the landing page, with no error.
    await page.goto('/r/NAOEXISTE99');
    await expect(page).toHaveURL(/\/\?inf=NAOEXISTE99$/, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: /começar agora/i }).first()).toBeVisible();
  });

  test('a signed-in user applies on /influencer-signup and sees the pending screen', async ({ page, consoleGuard }, testInfo) => {
    test.setTimeout(90_000);
    consoleGuard.allow(EXPECTED_401);
    await page.goto('/influencer-signup');
    // Signed out: one form with the account fields (tests/e2e/influencer-signup.spec.ts sends it).
    await expect(page.getByRole('heading', { name: 'Sua conta', exact: true })).toBeVisible({ timeout: 15_000 });
    await capture(page, testInfo, 'influencer-signup-signed-out');

    const person = await createConfirmedAccount(page.request, newPerson('Carla'));
    await login(page.request, person.email, person.password);
    await page.goto('/influencer-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Seja um influenciador da Turma' })).toBeVisible();
    // Signed in: only the application part.
    await expect(page.getByLabel('Seguidores (somando as redes)')).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(page.getByText('Informe o nicho')).toBeVisible();
    await page.getByLabel('Seguidores (somando as redes)').fill('15000');
    await page.getByLabel('Nicho').fill('Viagens');
    await page.getByLabel('Tipo de chave').selectOption('EMAIL');
    await page.getByLabel('Chave PIX').fill(person.email);
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(page.getByText('Informe ao menos uma rede social (Instagram, TikTok ou YouTube).')).toBeVisible();
    // By role: the footer's "Turma no Instagram" link also answers to the label.
    await page.getByRole('textbox', { name: 'Instagram' }).fill('@carla.viaja');
    await capture(page, testInfo, 'influencer-signup-form', { fullPage: true });
    await page.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(page.getByRole('heading', { name: 'Candidatura em análise' })).toBeVisible();
    await capture(page, testInfo, 'influencer-signup-pending');
  });

  test('the admin approves an application with a commission rate in /admin/influencers', async ({ page, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the same logic at every width: the desktop run shows it');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const pending = await applicant(testInfo, 'Renata');

    await signInAdmin(page);
    await page.goto('/admin/influencers');
    await expect(page.getByRole('tab', { name: 'Em análise' })).toHaveAttribute('aria-selected', 'true');
    await searchList(page, pending.person.email);
    const row = page.locator('tr, li').filter({ hasText: pending.person.fullName });
    await expect(row).toHaveCount(1);
    await capture(page, testInfo, 'admin-influencers-pending', { fullPage: testInfo.project.name === 'desktop' });
    await row.getByText(pending.person.fullName).click();
    await expect(page).toHaveURL(new RegExp(`/admin/influencers/${pending.id}/show$`));
    await expect(page.getByRole('heading', { level: 1, name: pending.person.fullName })).toBeVisible();
    await expect(page.getByText('Funil')).toBeVisible();

    await page.getByRole('button', { name: 'Aprovar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar influenciador' });
    await dialog.getByLabel('Comissão (%)').fill('12,5');
    await capture(page, testInfo, 'admin-influencer-approve-dialog');
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Influenciador aprovado')).toBeVisible();
    await expect(page.getByText('12,5%')).toBeVisible();
    await capture(page, testInfo, 'admin-influencer-show', { fullPage: testInfo.project.name === 'desktop' });

    const admin = await adminRequest();
    const after = (await (await admin.get(`/api/admin/influencers/${pending.id}`)).json()) as { status: string; commission_rate_bp: number; code: string };
    expect(after).toMatchObject({ status: 'approved', commission_rate_bp: 1250 });
    expect(after.code).toMatch(/^RENATA\d{2,4}$/);
    const me = (await (await pending.ctx.get('/api/me')).json()) as { user: { role: string } };
    expect(me.user.role).toBe('influencer');
  });
});
