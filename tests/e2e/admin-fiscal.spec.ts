// /admin/fiscal: with a paid marketplace order made over the API this month, the admin opens the fiscal
// screen, sees the sale with the customer's name and CPF and its amount, and downloads the month's CSV (UTF-8 BOM,
// `;`, decimal comma) holding the same event.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { formatCpf } from '../../core/identity/cpf';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';
import { pickProducts } from './support/marketplace';

const EXPECTED_401 = /status of 401/;

async function paidOrder(request: APIRequestContext, productId: string) {
  expect((await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: productId, quantity: 1 }] } })).status()).toBe(200);
  const created = await request.post('/api/orders', { data: { use_saved_address: true } });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; total_amount: number };
  const payment = await request.post('/api/payments', { data: { purpose: 'order', ref_id: order.id, method: 'PIX' } });
  expect(payment.status(), await payment.text()).toBe(201);
  expect((await request.post(`/api/sandbox/payments/${((await payment.json()) as { id: string }).id}/confirm`)).status()).toBe(200);
  return order;
}

test.describe('back office: fiscal', () => {
  test("the admin sees this month's taxable sale with the customer's CPF and downloads the CSV", async ({ page, request, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'back office: desktop first');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const { other } = await pickProducts(request);
    const customer = await createConfirmedAccount(request, newPerson('Fiscalina'));
    const order = await paidOrder(request, other.id);
    const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

    await signInAdmin(page);
    await page.goto('/admin/fiscal');
    await expect(page).toHaveURL(/\/admin\/fiscal$/);
    await expect(page.getByRole('heading', { name: 'Fiscal', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: customer.fullName });
    await expect(row).toBeVisible();
    await expect(row).toContainText(formatCpf(customer.cpf));
    await expect(row).toContainText('Venda no marketplace');
    await expect(page.getByTestId('fiscal-totals')).toContainText('sem nota');
    await capture(page, testInfo, 'admin-fiscal', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fiscal-\d{4}-\d{2}.*\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Data;Tipo;Cliente;CPF;Descrição;Serviços — NFS-e (R$);Mercadorias — NF-e (R$);Frete (R$);Valor da compra (R$);')).toBe(true);
    const line = text.split('\r\n').find((l) => l.includes(customer.fullName));
    expect(line, 'the sale in the CSV').toBeTruthy();
    expect(line).toContain(`;${formatCpf(customer.cpf)};`);
    expect(line).toContain(`;${reais(order.total_amount)};`);
    expect(line).toContain(`order:${order.id}`);
  });
});
