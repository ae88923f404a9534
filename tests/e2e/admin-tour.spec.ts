// Every back-office screen opens with real data from the seeds — the demo admin signs in once (TOTP) and
// visits each route of docs/product/spec.md §2's back office; each one shows its title and a record the demo data holds (or what
// the API lists for it), and none shows an error. Desktop (the back office is desktop first).
import type { APIRequestContext, Page } from '@playwright/test';
import { searchList, signInAdmin } from './support/admin';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { expect, capture, test } from './support/fixtures';

interface Named {
  name: string;
}

async function firstName(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const body = (await res.json()) as { items: Named[] };
  expect(body.items.length, `${path} has seeded data`).toBeGreaterThan(0);
  return body.items[0]!.name;
}

async function expectScreen(page: Page, title: string | RegExp, text: string | RegExp) {
  await expect(page.locator('#react-admin-title')).toContainText(title);
  await expect(page.getByText(text, typeof text === 'string' ? { exact: true } : {}).first()).toBeVisible();
  await expect(page.getByText('Ocorreu um erro')).toHaveCount(0);
}

test.describe('back office: every screen', () => {
  test.use({ colorScheme: 'dark' });

  test('the admin opens each screen and sees the demo data', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'back office: desktop first');
    test.setTimeout(120_000);
    const productCategory = await firstName(request, '/api/product-categories');
    const planCategory = await firstName(request, '/api/plan-categories');
    const plan = await firstName(request, '/api/plans');
    // A group of this run, so the groups screen has one to show (newest first).
    await createConfirmedAccount(request, newPerson('Tânia'));
    const plans = ((await (await request.get('/api/plans')).json()) as { items: Array<{ id: string; name: string }> }).items;
    const opened = await request.post('/api/groups', { data: { plan_id: plans[0]!.id } });
    expect(opened.status(), await opened.text()).toBe(201);

    await signInAdmin(page);
    await expect(page.getByTestId('dashboard-today')).toBeVisible();

    await page.goto('/admin/analytics');
    await expectScreen(page, 'Análises', /golden|friendship/i);

    await page.goto('/admin/marketplace');
    await expectScreen(page, 'Marketplace', 'Pedidos por situação');

    await page.goto('/admin/marketplace/products');
    await searchList(page, 'Sérum Facial');
    await expectScreen(page, 'Produtos', 'Sérum Facial Vitamina C 10% 30 ml');

    await page.goto('/admin/marketplace/orders');
    await expectScreen(page, 'Pedidos', /pago|pendente|nenhum/i);

    await page.goto('/admin/marketplace/categories');
    await expectScreen(page, 'Categorias de produtos', productCategory);

    await page.goto('/admin/plan-categories');
    await expectScreen(page, 'Categorias de planos', planCategory);

    await page.goto('/admin/plans');
    await searchList(page, plan);
    await expectScreen(page, 'Planos', plan);

    await page.goto('/admin/groups');
    await expectScreen(page, 'Turmas', plans[0]!.name);

    await page.goto('/admin/users');
    await page.getByPlaceholder('Nome, e-mail ou CPF').fill('admin@turma.local');
    await expect(page).toHaveURL(/filter=.*admin%40turma\.local/);
    await expectScreen(page, 'Usuários', 'admin@turma.local');

    await page.goto('/admin/professionals');
    await expect(page.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Aprovados' }).click();
    await expectScreen(page, 'Profissionais', 'Estúdio Traço Fino');

    await page.goto('/admin/influencers');
    await page.getByRole('tab', { name: 'Aprovados' }).click();
    await expectScreen(page, 'Influenciadores', 'Influenciadora Demo');

    await page.goto('/admin/campaigns');
    await expectScreen(page, 'Campanhas', /campanha|nenhum/i);

    await page.goto('/admin/triggers');
    await expectScreen(page, 'Gatilhos', 'expire_groups');

    await page.goto('/admin/financial-reports');
    await expectScreen(page, 'Relatórios financeiros', /Conciliação/);

    await page.goto('/admin/fiscal');
    await expectScreen(page, 'Fiscal', /CPF|nenhum/i);

    await page.goto('/admin/audit-logs');
    await expectScreen(page, 'Registros de auditoria', /admin@turma\.local|sistema/);
    await capture(page, testInfo, 'admin-tour-audit-logs', { fullPage: true });
  });
});
