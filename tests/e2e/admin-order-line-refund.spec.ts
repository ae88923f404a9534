// The admin refunds 1 of the 2 units of a paid order's line, with a reason: the refund is listed with the server's
// amount, the timeline names it "Reembolso parcial", the order stays paid, and the customer's page shows the step.
// Screenshots at phone and tablet widths.
import { formatCents } from '../../core/shared/money';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';
import { paidOrder, pickProducts } from './support/marketplace';

const EXPECTED_401 = /status of 401/;

test.describe('back office: refund one order line', () => {
  test('the admin refunds one unit of a line; the customer sees the partial refund; the page fits a phone and a tablet', async ({ page, request, browser, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'one admin flow is enough; the narrow widths are checked below');
    test.setTimeout(150_000);
    consoleGuard.allow(EXPECTED_401);
    const { other } = await pickProducts(request);
    const customer = await createConfirmedAccount(request, newPerson('Lia'));
    const order = await paidOrder(request, other.id, 2);
    const unit = (await (await request.get(`/api/orders/${order.id}`)).json()) as { items: Array<{ unit_price: number }> };
    const unitPrice = unit.items[0]!.unit_price;
    const money = formatCents(unitPrice, 'pt-BR');

    await signInAdmin(page);
    await page.goto(`/admin/marketplace/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: order.number, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Reembolsar item: ${other.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reembolsar ${other.name}` });
    await expect(dialog.getByText(`Valor a reembolsar: ${money}`)).toBeVisible();
    // A reason is required.
    await dialog.getByRole('button', { name: 'Reembolsar item' }).click();
    await expect(dialog.getByText('Escreva o motivo (pelo menos 3 caracteres)')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('Uma unidade chegou amassada');
    await dialog.getByRole('button', { name: 'Reembolsar item' }).click();
    await expect(page.getByText('Item reembolsado; o cliente foi avisado')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The refunds list (the timeline's note also names the line, as "1 × name (R$ …)").
    const listed = page.locator('li').filter({ hasText: `1 × ${other.name} — ` });
    await expect(listed).toContainText(money);
    await expect(listed).toContainText('Uma unidade chegou amassada');
    await expect(page.getByText(`Total reembolsado por item: ${money}`)).toBeVisible();
    await expect(page.getByText(/^Reembolso parcial · /)).toBeVisible();
    // The other unit is still refundable and the order is still paid (a full refund remains possible).
    await expect(page.getByRole('button', { name: `Reembolsar item: ${other.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reembolsar', exact: true })).toBeVisible();
    await capture(page, testInfo, 'admin-order-line-refunded', { fullPage: true });

    // The customer's own order page shows the step by its name, not a second "Pago".
    const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
    const theirs = await context.newPage();
    await theirs.goto(`/auth?next=${encodeURIComponent(`/marketplace/orders/${order.id}`)}`);
    await signIn(theirs, customer.email, customer.password);
    await expect(theirs).toHaveURL(new RegExp(`/marketplace/orders/${order.id}$`));
    await expect(theirs.getByText('Reembolso parcial', { exact: true })).toBeVisible();
    await context.close();

    // Phone and tablet widths: the order page and the list fit (no sideways scroll of the page).
    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole('heading', { name: order.number, exact: true })).toBeVisible();
      await capture(page, testInfo, `admin-order-${width}`, { fullPage: true });
      await page.goto('/admin/marketplace/orders');
      await expect(page.getByRole('tab', { name: 'Pago' })).toBeVisible();
      await capture(page, testInfo, `admin-orders-list-${width}`, { fullPage: true });
      await page.goto(`/admin/marketplace/orders/${order.id}`);
    }
  });
});
