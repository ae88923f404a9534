// Dashboard and financial reports in the back office: with a paid marketplace order made over the API,
// the admin sees today's figures and the 30-day chart on the dashboard, opens /admin/financial-reports (the
// reconciliation line at zero, the identity explained) and downloads the CSV (UTF-8 BOM, `;`, decimal comma).
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { openMenuItem, signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';
import { pickProducts } from './support/marketplace';

const EXPECTED_401 = /status of 401/;

async function paidOrder(request: APIRequestContext, productId: string) {
  expect((await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: productId, quantity: 1 }] } })).status()).toBe(200);
  const created = await request.post('/api/orders', { data: { use_saved_address: true } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string };
  const payment = await request.post('/api/payments', { data: { purpose: 'order', ref_id: order.id, method: 'PIX' } });
  expect(payment.status(), await payment.text()).toBe(201);
  expect((await request.post(`/api/sandbox/payments/${((await payment.json()) as { id: string }).id}/confirm`)).status()).toBe(200);
}

test.describe('back office: dashboard and financial reports', () => {
  test.use({ colorScheme: 'dark' });

  test('the admin reads today\'s figures, opens the financial report and downloads its CSV', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const { other } = await pickProducts(request);
    await createConfirmedAccount(request, newPerson('Rita'));
    await paidOrder(request, other.id);

    await signInAdmin(page);
    const today = page.getByTestId('dashboard-today');
    await expect(today.getByRole('heading', { name: 'Hoje' })).toBeVisible();
    await expect(today).toContainText('Vendas do marketplace');
    await expect(today).not.toContainText('R$ 0,00 (0)Reembolsos'); // at least one sale today
    await expect(page.getByTestId('dashboard-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('dashboard-attention')).toContainText(/pedidos? para enviar/);
    await capture(page, testInfo, 'admin-dashboard', { fullPage: true });

    await openMenuItem(page, 'Relatórios financeiros');
    await expect(page).toHaveURL(/\/admin\/financial-reports$/);
    await expect(page.getByRole('heading', { name: 'Relatórios financeiros', level: 1 })).toBeVisible();
    const table = page.getByTestId('financial-table');
    await expect(table).toBeVisible();
    await expect(page.getByTestId('reconciliation-total')).toHaveText('R$ 0,00');
    await expect(page.getByText('Conciliação zerada em todos os períodos')).toBeVisible();
    await expect(page.getByText(/^Conciliação = \(Entrou − Saiu\)/)).toBeVisible();
    await capture(page, testInfo, 'admin-financial-reports', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('financial-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^relatorio-financeiro-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Período;Entradas (R$);Saldos (R$);')).toBe(true);
    expect(text).toMatch(/\r\nTotal;\d+,\d\d;/);
  });
});
