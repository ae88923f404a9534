// A customer returns a delivered order (docs/product/marketplace.md#returns): "Devolver pedido (até dd/mm)" asks the
// reason and shows the return as requested; the admin receives it in /admin (stock back, full refund) and the
// customer's page says "Devolução recebida".
import type { Browser, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';
import { paidOrder, pickProducts } from './support/marketplace';

const EXPECTED_401 = /status of 401/;

async function customerPage(browser: Browser, testInfo: TestInfo, email: string, password: string, orderId: string) {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/auth?next=${encodeURIComponent(`/marketplace/orders/${orderId}`)}`);
  await signIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/marketplace/orders/${orderId}$`));
  return page;
}

test.describe('order returns (CDC art. 49)', () => {
  test.use({ colorScheme: 'dark' });

  test('the customer asks to return a delivered order and the admin receives it', async ({ page, request, browser, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the back office half is desktop first');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const { other } = await pickProducts(request);
    const customer = await createConfirmedAccount(request, newPerson('Rita'));
    const order = await paidOrder(request, other.id, 1);

    // Delivered over the admin API (the admin's session, second factor included, is the page's).
    await signInAdmin(page);
    expect((await page.request.post(`/api/admin/orders/${order.id}/preparing`, { data: {} })).status()).toBe(200);
    expect((await page.request.post(`/api/admin/orders/${order.id}/ship`, { data: { tracking_code: 'QB123456789BR' } })).status()).toBe(200);
    expect((await page.request.post(`/api/admin/orders/${order.id}/deliver`, { data: {} })).status()).toBe(200);
    const stockBefore = ((await (await request.get(`/api/products/${other.id}`)).json()) as { stock_quantity?: number | null }).stock_quantity;

    const theirs = await customerPage(browser, testInfo, customer.email, customer.password, order.id);
    const returnButton = theirs.getByRole('button', { name: /^Devolver pedido \(até \d{2}\/\d{2}\)$/ });
    await expect(returnButton).toBeVisible();
    await capture(theirs, testInfo, 'order-return-button', { fullPage: true });
    // 360 px: the button fits without a sideways scroll.
    await theirs.setViewportSize({ width: 360, height: 800 });
    await expect(returnButton).toBeVisible();
    // Polled: the page reflows (top bar, the sign-in toast) a moment after the resize.
    await expect.poll(() => theirs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await returnButton.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await capture(theirs, testInfo, 'order-return-button-360', { fullPage: true });
    await returnButton.click();
    const dialog = theirs.getByRole('dialog', { name: `Devolver o pedido ${order.number}` });
    await dialog.getByRole('button', { name: 'Solicitar devolução' }).click();
    await expect(dialog.getByText('Informe o motivo (ao menos 3 caracteres)')).toBeVisible();
    await dialog.getByLabel('Motivo da devolução').fill('O tamanho não serviu');
    await capture(theirs, testInfo, 'order-return-dialog');
    await dialog.getByRole('button', { name: 'Solicitar devolução' }).click();
    await expect(dialog).toHaveCount(0);
    const status = theirs.getByTestId('order-return-status');
    await expect(status.getByRole('heading', { name: 'Devolução solicitada' })).toBeVisible();
    await expect(status.getByText('O tamanho não serviu')).toBeVisible();
    await expect(returnButton).toHaveCount(0);
    // The request is a step of its own in the timeline, not a second "Entregue".
    await theirs.reload();
    await expect(theirs.locator('.timeline__label').filter({ hasText: /^Devolução solicitada$/ })).toHaveCount(1);
    await expect(theirs.locator('.timeline__label').filter({ hasText: /^Entregue$/ })).toHaveCount(1);

    // The back office: the pending return with the reason; "Receber devolução" refunds the order.
    await page.goto(`/admin/marketplace/orders/${order.id}`);
    await expect(page.getByText('Devolução pendente')).toBeVisible();
    await expect(page.getByText('O tamanho não serviu', { exact: true })).toBeVisible();
    await capture(page, testInfo, 'admin-order-return-pending', { fullPage: true });
    // While the return is pending it is answered by accepting or refusing it: no plain "Reembolsar", no line refund.
    await expect(page.getByRole('button', { name: 'Recusar', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reembolsar', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Reembolsar item/ })).toHaveCount(0);
    await expect(page.getByText(/^Devolução solicitada · /)).toBeVisible();
    await page.getByRole('button', { name: 'Receber devolução' }).click();
    const confirm = page.getByRole('dialog', { name: 'Receber a devolução' });
    await confirm.getByRole('button', { name: 'O produto voltou' }).click();
    await expect(page.getByText('Devolução recebida; reembolso solicitado e cliente avisado')).toBeVisible();
    await expect(page.getByText('Devolução recebida', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Receber devolução' })).toHaveCount(0);

    if (typeof stockBefore === 'number') {
      const after = ((await (await request.get(`/api/products/${other.id}`)).json()) as { stock_quantity?: number | null }).stock_quantity;
      expect(after).toBe(stockBefore + 1);
    }

    await theirs.reload();
    await expect(theirs.getByTestId('order-return-status').getByRole('heading', { name: 'Devolução recebida' })).toBeVisible();
    await expect(theirs.getByText('Reembolsado').first()).toBeVisible();
    await capture(theirs, testInfo, 'order-return-received', { fullPage: true });
    await theirs.context().close();
  });
});
