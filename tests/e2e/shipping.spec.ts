// Shipping in the browser: a visitor quotes the freight of a product by CEP on the product page (options
// with price and estimate), then a signed-in customer buys with a chosen option at checkout: the summary and the
// order show the freight, and the charge is items + the freight the server priced.
import type { Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect, capture, test } from './support/fixtures';
import { pickProducts } from './support/marketplace';

// The CEP lookup has no postal service behind it on the e2e server (404), by design.
const EXPECTED_404 = /status of 404/;
const money = (cents: number) => new RegExp(`R\\$\\s${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(cents / 100).replaceAll('.', '\\.')}`);

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await capture(page, testInfo, name, { fullPage: false });
}

interface Quote {
  options: Array<{ id: string; service: string; price: number; days: number; free: boolean }>;
}

test.describe('shipping', () => {
  test('quotes on the product page, then buys with the express option chosen at checkout', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_404);
    const { other } = await pickProducts(request);
    // One unit under the free-shipping threshold, so the freight is charged.
    expect(other.price, 'a product under R$ 199,00').toBeLessThan(19_900);

    // --- The product page, signed out: "Calcular frete" for a CEP in Porto Alegre (RS).
    await page.goto(`/marketplace/products/${other.id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
    const calculator = page.getByRole('region', { name: 'Calcular frete' });
    await calculator.getByLabel('CEP de entrega').fill('9057');
    await calculator.getByRole('button', { name: 'Calcular' }).click();
    await expect(calculator.getByRole('alert')).toHaveText('O CEP deve ter 8 dígitos');
    await calculator.getByLabel('CEP de entrega').fill('90570-020');
    await calculator.getByRole('button', { name: 'Calcular' }).click();
    const options = calculator.getByRole('list', { name: 'Opções de entrega para o CEP 90570-020' });
    await expect(options.getByRole('listitem')).toHaveCount(2);
    // What the server quotes is what the screen shows, cheapest first, in pt-BR money and business days.
    const quoted = (await (await request.get(`/api/shipping/quote?cep=90570020&product_id=${other.id}&quantity=1`)).json()) as Quote;
    for (const [i, o] of quoted.options.entries()) {
      const item = options.getByRole('listitem').nth(i);
      await expect(item).toContainText(o.service);
      await expect(item.getByText(money(o.price))).toBeVisible();
      await expect(item).toContainText(`Entrega em até ${o.days} dias úteis`);
    }
    expect(quoted.options[0]!.price).toBeLessThan(quoted.options[1]!.price);
    await calculator.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'shipping-product-quote');

    // --- Checkout: the saved address's CEP (São Paulo) is quoted; the customer picks "Expresso".
    const ana = await createConfirmedAccount(request, newPerson('Ana'));
    const cart = await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: other.id, quantity: 1 }] } });
    expect(cart.status(), await cart.text()).toBe(200);
    await page.goto('/auth?next=%2Fmarketplace%2Fcheckout');
    await signIn(page, ana.email, ana.password);
    await expect(page).toHaveURL(/\/marketplace\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Onde entregamos?' })).toBeVisible();
    const choice = page.getByRole('radiogroup', { name: 'Forma de entrega' });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(choice.getByRole('radio').first()).toBeChecked();
    const atCheckout = (await (await request.get('/api/cart/shipping?cep=01310100')).json()) as Quote;
    const express = atCheckout.options.find((o) => o.id === 'expresso')!;
    await choice.getByRole('radio', { name: new RegExp(express.service) }).check();
    const summary = page.getByRole('complementary', { name: 'Seu pedido' });
    await expect(summary.getByText(`Frete (${express.service})`)).toBeVisible();
    await expect(summary.getByText(money(other.price + express.price)).first()).toBeVisible();
    await shot(page, testInfo, 'shipping-checkout-choice');

    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment\?order=[0-9a-f-]+$/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as { total_amount: number; shipping: { option_id: string; amount: number } };
    expect(order.shipping).toMatchObject({ option_id: 'expresso', amount: express.price });
    expect(order.total_amount).toBe(other.price + express.price);
    // The charge is the server's total: items + freight.
    await expect(page.getByRole('button', { name: new RegExp(`Gerar código PIX de ${money(order.total_amount).source}`) })).toBeVisible();

    // The order page shows the freight row and the total.
    await page.goto(`/marketplace/orders/${orderId}`);
    await expect(page.getByText(`Frete (${express.service} (Turma Envios))`)).toBeVisible();
    await expect(page.getByText(money(order.total_amount)).first()).toBeVisible();
    await shot(page, testInfo, 'shipping-order');
  });
});
