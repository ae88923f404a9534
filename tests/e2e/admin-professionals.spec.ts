// Professional applications in the back office: the demo admin finds them in "Pendentes", approves one, rejects another
// with a reason (a too-short one refused), and each professional's own profile says so. On a desktop: bulk approve and
// featuring until a day.
import { request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { searchList, signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';

const EXPECTED_401 = /status of 401/;

interface Applicant {
  ctx: APIRequestContext;
  id: string;
  businessName: string;
}

async function login(ctx: APIRequestContext, email: string, password: string) {
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

let categoryCache: { slug: string; name: string } | null = null;
async function serviceCategory(ctx: APIRequestContext) {
  if (categoryCache) return categoryCache;
  const body = (await (await ctx.get('/api/plan-categories')).json()) as { items: { slug: string; name: string; kind: string }[] };
  // Not Odontologia: that one needs a CRO register; this test is about the decisions.
  categoryCache = body.items.find((c) => c.kind === 'service' && c.slug !== 'odontologia') ?? null;
  expect(categoryCache, 'a service category in the seed').toBeTruthy();
  return categoryCache!;
}

/** A confirmed account that applies with 3 portfolio photos, all over the API; the application waits for review. */
async function apply(testInfo: TestInfo, businessName: string, color: string): Promise<Applicant> {
  const ctx = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  const person = await createConfirmedAccount(ctx, newPerson('Paula'));
  await login(ctx, person.email, person.password);
  const category = await serviceCategory(ctx);
  const applied = await ctx.post('/api/professionals/applications', {
    data: {
      category: category.slug,
      business_name: businessName,
      tax_id: person.cpf,
      cep: '01310100',
      address_number: '1000',
      latitude: -23.5614,
      longitude: -46.6559,
      bio: 'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe.',
      pix_key: { type: 'EMAIL', key: person.email },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  for (const shade of [color, '#333', '#ddd']) {
    const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: shade } }).png().toBuffer();
    const uploaded = await ctx.post('/api/me/professional/photos', { multipart: { photo: { name: 'portfolio.png', mimeType: 'image/png', buffer } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  return { ctx, id: ((await applied.json()) as { id: string }).id, businessName };
}

async function mine(applicant: Applicant) {
  const res = await applicant.ctx.get('/api/me/professional');
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; approved: boolean; rejection_reason: string | null; featured_until: string | null };
}

const row = (page: Page, name: string) => page.locator('tr, li').filter({ hasText: name });

test.describe('back office: professionals', () => {
  test('the admin approves one application and rejects another with a reason', async ({ page, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const suffix = `${Date.now().toString(36)}${testInfo.project.name}`;
    const approved = await apply(testInfo, `Estúdio Aprovar ${suffix}`, '#f80');
    const rejected = await apply(testInfo, `Estúdio Recusar ${suffix}`, '#08f');

    await signInAdmin(page);
    await page.goto('/admin/professionals');
    await expect(page.getByRole('heading', { name: 'Profissionais' })).toBeVisible();
    // The pending tab is where the list opens.
    await expect(page.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
    await searchList(page, suffix);
    await expect(row(page, approved.businessName)).toHaveCount(1);
    await expect(row(page, rejected.businessName)).toHaveCount(1);
    await expect(row(page, approved.businessName).getByText('Em análise')).toBeVisible();
    await capture(page, testInfo, 'admin-professionals-pending', { fullPage: testInfo.project.name === 'desktop' });

    // The application: its photos, tax id and address; approve it.
    await row(page, approved.businessName).getByText(approved.businessName).click();
    await expect(page).toHaveURL(new RegExp(`/admin/professionals/${approved.id}/show$`));
    await expect(page.getByRole('heading', { level: 1, name: approved.businessName })).toBeVisible();
    const photos = page.getByRole('img', { name: new RegExp(`^Foto \\d de ${approved.businessName}$`) });
    await expect(photos).toHaveCount(3);
    for (const img of await photos.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(page.getByText('Não exigido nesta categoria')).toBeVisible();
    await expect(page.getByText('01310-100')).toBeVisible();
    await capture(page, testInfo, 'admin-professional-show', { fullPage: testInfo.project.name === 'desktop' });
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Profissional aprovado; ele recebeu e-mail e notificação.')).toBeVisible();
    await expect(page.getByText('Aprovado', { exact: true })).toBeVisible();
    expect(await mine(approved)).toMatchObject({ status: 'approved', approved: true });

    // Reject the other one with a reason; a too-short reason is refused in the dialog.
    await page.goto(`/admin/professionals/${rejected.id}/show`);
    await expect(page.getByRole('heading', { level: 1, name: rejected.businessName })).toBeVisible();
    await page.getByRole('button', { name: 'Recusar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recusar este cadastro?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Motivo').fill('ruim');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await expect(dialog.getByText('Escreva o motivo (pelo menos 5 caracteres)')).toBeVisible();
    const reason = 'As fotos do portfólio não mostram trabalhos próprios.';
    await dialog.getByLabel('Motivo').fill(reason);
    await capture(page, testInfo, 'admin-professional-reject-dialog');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Cadastro recusado; o profissional recebeu o motivo por e-mail.')).toBeVisible();
    await expect(page.getByText(`Recusado: ${reason}`)).toBeVisible();
    expect(await mine(rejected)).toMatchObject({ status: 'rejected', approved: false, rejection_reason: reason });

    // The tabs follow the decisions.
    await page.goto('/admin/professionals');
    await page.getByRole('tab', { name: 'Recusados' }).click();
    await searchList(page, suffix);
    await expect(row(page, rejected.businessName)).toHaveCount(1);
    await expect(row(page, approved.businessName)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Aprovados' }).click();
    await expect(row(page, approved.businessName)).toHaveCount(1);
    await expect(row(page, rejected.businessName)).toHaveCount(0);
    await capture(page, testInfo, 'admin-professionals-approved-tab', { fullPage: testInfo.project.name === 'desktop' });
    await Promise.all([approved.ctx.dispose(), rejected.ctx.dispose()]);
  });

  test('bulk approve from the pending tab, then feature one until a day', async ({ page, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'bulk actions live in the desktop table');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const suffix = `${Date.now().toString(36)}lote`;
    const first = await apply(testInfo, `Clínica Lote Um ${suffix}`, '#a0a');
    const second = await apply(testInfo, `Clínica Lote Dois ${suffix}`, '#0a4');

    await signInAdmin(page);
    await page.goto('/admin/professionals');
    await searchList(page, suffix);
    await expect(row(page, first.businessName)).toHaveCount(1);
    await expect(row(page, second.businessName)).toHaveCount(1);
    await page.getByRole('checkbox', { name: 'Selecionar tudo' }).check();
    await page.getByRole('button', { name: 'Aprovar selecionados' }).click();
    await expect(page.getByText('2 profissionais aprovados')).toBeVisible();
    // Approved ones leave the pending tab.
    await expect(row(page, first.businessName)).toHaveCount(0);
    expect((await mine(first)).status).toBe('approved');
    expect((await mine(second)).status).toBe('approved');

    // Feature the first one until a day next year; the "Em destaque" filter finds it.
    await page.goto(`/admin/professionals/${first.id}/show`);
    await page.getByRole('button', { name: 'Destacar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Destacar até' });
    const day = `${new Date().getFullYear() + 1}-03-15`;
    await dialog.getByLabel('Último dia').fill(day);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Destaque salvo.')).toBeVisible();
    await expect(page.getByText(`Destaque até 15/03/${new Date().getFullYear() + 1}`)).toBeVisible();
    expect((await mine(first)).featured_until).toBe(new Date(`${day}T23:59:59.999-03:00`).toISOString());
    await capture(page, testInfo, 'admin-professional-featured', { fullPage: true });

    await page.goto('/admin/professionals');
    await page.getByRole('tab', { name: 'Aprovados' }).click();
    await searchList(page, suffix);
    await page.getByRole('combobox', { name: 'Destaque' }).click();
    await page.getByRole('option', { name: 'Em destaque', exact: true }).click();
    await expect(row(page, first.businessName)).toHaveCount(1);
    await expect(row(page, second.businessName)).toHaveCount(0);

    // "Pagar repasses agora" runs the payout job: receivables of this run are still in their 7-day hold, so none is due.
    await page.getByRole('button', { name: 'Pagar repasses agora' }).click();
    await expect(page.getByText('Nenhum profissional com repasse a receber agora.')).toBeVisible();
    await Promise.all([first.ctx.dispose(), second.ctx.dispose()]);
  });
});
