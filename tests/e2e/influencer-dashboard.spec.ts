// Commissions in the browser: a visitor's click on an influencer's link and sign-up bind them; they complete a group and
// pay the balance; /dashboard/influencer shows the click, the sign-up, the paying user, the pending commission
// (50% × 10% of R$ 100,00 = R$ 5,00), the link in its three forms with the QR code, and the chart.
import { adminRequest } from './support/admin';
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn, type Person } from './support/accounts';
import { expect, capture, test } from './support/fixtures';

async function session(testInfo: TestInfo, email?: string, password?: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  if (email && password) {
    const res = await ctx.post('/api/auth/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return ctx;
}

/** Creates the charge and has the sandbox confirm it (the provider's webhook path). */
async function pay(ctx: APIRequestContext, purpose: 'entry' | 'balance', refId: string) {
  const created = await ctx.post('/api/payments', { data: { purpose, ref_id: refId, method: 'PIX' } });
  expect(created.status(), await created.text()).toBe(201);
  const confirmed = await ctx.post(`/api/sandbox/payments/${((await created.json()) as { id: string }).id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function member(testInfo: TestInfo, person: Person, ctx?: APIRequestContext) {
  const jar = ctx ?? (await session(testInfo));
  if (!ctx) await createConfirmedAccount(jar, person);
  const res = await jar.post('/api/auth/login', { data: { email: person.email, password: person.password } });
  expect(res.status(), await res.text()).toBe(200);
  return jar;
}

test('the influencer\'s dashboard shows the click, the sign-up, the paying user and the commission', async ({ page, consoleGuard }, testInfo) => {
  test.setTimeout(150_000);
  consoleGuard.allow(/status of 40[13]/);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const admin = await adminRequest();

  // --- The influencer applies and is approved with a 50% rate.
  const lara = newPerson('Lara');
  const laraCtx = await member(testInfo, lara);
  const applied = await laraCtx.post('/api/influencers/applications', { data: { instagram: '@lara.e2e', audience_size: 50_000, niche: 'Beleza', pix_key: { type: 'EMAIL', key: lara.email } } });
  expect(applied.status(), await applied.text()).toBe(201);
  const approved = await admin.post(`/api/admin/influencers/${((await applied.json()) as { id: string }).id}/approve`, { data: { commission_rate_bp: 5_000 } });
  expect(approved.status(), await approved.text()).toBe(200);
  const code = ((await approved.json()) as { code: string }).code;

  // --- A visitor clicks the link and signs up in the same session: bound to Lara.
  const visitor = await session(testInfo);
  const click = await visitor.post('/api/referrals/clicks', { data: { code, path: `/r/${code}` } });
  expect(click.status(), await click.text()).toBe(204);
  // Not Lara's phone (newPerson's default): the same phone would make Bruna a self-referral, which earns nothing.
  const bruna = { ...newPerson('Bruna'), phone: '21976543210' };
  await createConfirmedAccount(visitor, bruna);
  await member(testInfo, bruna, visitor);

  // --- Bruna and Caio fill a two-person group (R$ 100,00); Bruna pays her balance: a completed purchase.
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { id: string; slug: string; kind: string }[] };
  const category = categories.items.find((c) => c.kind === 'service')!;
  const planRes = await admin.post('/api/admin/plans', {
    data: { slug: `e2e-inf-${suffix}`, name: `Plano comissão ${suffix}`, description: 'Plano do teste do painel do influenciador.', kind: 'service', category_id: category.id, price: 10_000, full_price: 15_000, group_size: 2, window_days: 7, active: true },
  });
  expect(planRes.status(), await planRes.text()).toBe(201);
  const plan = (await planRes.json()) as { id: string };
  const caioPerson = newPerson('Caio');
  const caio = await member(testInfo, caioPerson);
  for (const m of [visitor, caio]) {
    const joined = await m.post(`/api/plans/${plan.id}/join`);
    expect(joined.status(), await joined.text()).toBe(201);
    await pay(m, 'entry', ((await joined.json()) as { membership: { id: string } }).membership.id);
  }
  const groups = (await (await visitor.get('/api/me/groups')).json()) as { items: { voucher: { id: string } | null }[] };
  await pay(visitor, 'balance', groups.items.find((i) => i.voucher)!.voucher!.id);

  // --- Lara signs in: /dashboard/influencer.
  // An influencer's sign-in lands on their dashboard (docs/product/spec.md §5).
  await page.goto('/auth');
  await signIn(page, lara.email, lara.password);
  await expect(page).toHaveURL(/\/dashboard\/influencer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seu painel de indicações' })).toBeVisible();
  await expect(page.getByTestId('influencer-code')).toHaveText(code);
  await expect(page.getByRole('textbox', { name: 'Link curto' })).toHaveValue(new RegExp(`/r/${code}$`));
  await expect(page.getByRole('textbox', { name: 'Link de indicação' })).toHaveValue(new RegExp(`/ref/${code}$`));
  await expect(page.getByRole('textbox', { name: 'Link em português' })).toHaveValue(new RegExp(`/indicacao/${code}$`));
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${code}`));
  await expect(page.getByRole('img', { name: /QR code do link/ })).toBeVisible();
  await expect(page.getByTestId('figure-clicks')).toContainText('1');
  await expect(page.getByTestId('figure-signups')).toContainText('1');
  await expect(page.getByTestId('figure-paying')).toContainText('1');
  await expect(page.getByTestId('figure-conversion')).toContainText('100%');
  await expect(page.getByTestId('commissions-pending')).toContainText('R$\u00a05,00');
  await expect(page.getByTestId('commissions-available')).toContainText('R$\u00a00,00');
  await expect(page.getByText('Nenhum repasse ainda.')).toBeVisible();
  // The chart (recharts, its own chunk) renders.
  await expect(page.locator('.inf-chart .recharts-surface').first()).toBeVisible();
  await capture(page, testInfo, 'influencer-dashboard', { fullPage: true });

  // The period switch refetches (7 days: the same figures, all today).
  await page.getByRole('button', { name: '7 dias' }).click();
  await expect(page.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('figure-clicks')).toContainText('1');

  // A member who is not an influencer gets the pointer to the application, not an error.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/auth?next=/dashboard/influencer');
  await signIn(page, caioPerson.email, caioPerson.password);
  await expect(page).toHaveURL(/\/dashboard\/influencer$/);
  await expect(page.getByText('Este painel é para influenciadores aprovados.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quero ser influenciador' })).toHaveAttribute('href', '/influencer-signup');
  await capture(page, testInfo, 'influencer-dashboard-forbidden');
});
