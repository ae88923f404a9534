// Marketplace orders in the back office: a paid order is found ("Pago" tab, by number), marked preparing and shipped
// with a tracking code that the customer's page then shows; a second order is refunded with a reason and its customer
// page says "Reembolsado".
import type { Browser, Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { searchList, signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';
import { paidOrder, pickProducts } from './support/marketplace';

const EXPECTED_401 = /status of 401/;

async function customerPage(browser: Browser, testInfo: TestInfo, email: string, password: string, orderId: string): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/auth?next=${encodeURIComponent(`/marketplace/orders/${orderId}`)}`);
  await signIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/marketplace/orders/${orderId}$`));
  return page;
}

async function openOrder(page: Page, number: string, tab: string) {
  await page.goto('/admin/marketplace/orders');
  await page.getByRole('tab', { name: tab }).click();
  await searchList(page, number);
  const row = page.locator('tr, li').filter({ hasText: number }).first();
  await expect(row).toBeVisible();
  return row;
}

test.describe('back office: marketplace orders', () => {
  test.use({ colorScheme: 'dark' });

  test('the admin ships an order with a tracking code and the customer sees it; another order is refunded', async ({ page, request, browser, consoleGuard }, testInfo) => {
    // The back office is desktop first, usable on a tablet; at 360 px the order page overflows sideways and
    // the ship dialog's button sits under its neighbour (noted on the issue), so this flow runs on desktop only.
    test.skip(testInfo.project.name === 'phone', 'back office: desktop first');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const { other } = await pickProducts(request);
    const customer = await createConfirmedAccount(request, newPerson('Olga'));
    const toShip = await paidOrder(request, other.id, 1);
    const toRefund = await paidOrder(request, other.id, 2);
    const tracking = `QB${Date.now().toString().slice(-9)}BR`;

    await signInAdmin(page);
    const row = await openOrder(page, toShip.number, 'Pago');
    await capture(page, testInfo, 'admin-orders-list', { fullPage: true });
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/marketplace/orders/${toShip.id}$`));
    await expect(page.getByRole('heading', { name: toShip.number, exact: true })).toBeVisible();
    await expect(page.getByText('Endereço de entrega')).toBeVisible();

    await page.getByRole('button', { name: 'Marcar em preparação' }).click();
    await expect(page.getByText('Pedido em preparação', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar o pedido' });
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByText('Letras, números e hífens, de 4 a 60 caracteres')).toBeVisible();
    await dialog.getByLabel('Código de rastreio').fill(tracking.toLowerCase());
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Pedido enviado; o cliente foi avisado')).toBeVisible();
    await expect(page.getByText(tracking, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marcar entregue' })).toBeVisible();
    // Its NF-e, issued at payment (the sandbox authorises at once): status in words, the key grouped by four digits.
    const nfe = page.getByTestId('goods-invoice');
    await expect(nfe.getByText('Autorizada', { exact: true })).toBeVisible();
    await expect(nfe.getByText(/^\d{4}( \d{4}){10}$/)).toBeVisible();
    await capture(page, testInfo, 'admin-order-shipped', { fullPage: true });

    // The customer's own order page shows the code.
    const theirs = await customerPage(browser, testInfo, customer.email, customer.password, toShip.id);
    await expect(theirs.getByText('Código de rastreio:')).toBeVisible();
    await expect(theirs.getByText(tracking, { exact: true })).toBeVisible();
    await expect(theirs.getByTestId('order-goods-invoice')).toContainText('Nota fiscal (NF-e) · Emitida');
    await expect(theirs.getByRole('link', { name: 'Ver DANFE' })).toBeVisible();
    await capture(theirs, testInfo, 'customer-order-shipped', { fullPage: true });

    // A refund needs a reason; then the order is "Reembolsado" for both.
    await (await openOrder(page, toRefund.number, 'Pago')).click();
    await expect(page).toHaveURL(new RegExp(`/admin/marketplace/orders/${toRefund.id}$`));
    // exact: each line also has its own "Reembolsar item: …" button (refund per line).
    await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    const refund = page.getByRole('dialog', { name: 'Reembolsar o pedido' });
    await refund.getByLabel('Motivo').fill('Produto com defeito');
    await refund.getByRole('button', { name: 'Reembolsar' }).click();
    await expect(page.getByText('Reembolso solicitado; o cliente foi avisado')).toBeVisible();
    await expect(page.getByText('Produto com defeito').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reembolsar' })).toHaveCount(0);
    await capture(page, testInfo, 'admin-order-refunded', { fullPage: true });
    await theirs.goto(`/marketplace/orders/${toRefund.id}`);
    await expect(theirs.getByText('Reembolsado').first()).toBeVisible();
    // Refunded within 24 h of its authorisation: its NF-e is cancelled, and no DANFE is offered.
    await expect(theirs.getByTestId('order-goods-invoice')).toContainText('Nota fiscal (NF-e) · Cancelada');
    await expect(theirs.getByRole('link', { name: 'Ver DANFE' })).toHaveCount(0);
    await theirs.context().close();
  });
});
