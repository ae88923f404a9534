// The marketplace in the browser: a visitor fills the cart signed out, logs in (the cart merged with the account's),
// pays with the sandbox PIX and finds the order paid; a pending order confirmed elsewhere turns paid on screen through
// the order polling, with no reload.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn, toasts } from './support/accounts';
import { expect, capture, test } from './support/fixtures';
import { pickProducts } from './support/marketplace';

// The CEP lookup has no postal service behind it on the e2e server (404), by design.
const EXPECTED_404 = /status of 404/;
const money = (cents: number) => new RegExp(`R\\$\\s${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(cents / 100).replaceAll('.', '\\.')}`);

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await capture(page, testInfo, name, { fullPage });
}

/** A flag on `window` that only a full page load would clear: proves the screen updated itself. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function serverCart(request: APIRequestContext) {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  return (await response.json()) as { items: { id: string; quantity: number }[]; count: number };
}

test.describe('marketplace', () => {
  test.use({ colorScheme: 'dark' });

  test('a visitor fills the cart signed out, logs in (cart merged), pays with the sandbox PIX and finds the order', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_404);
    const { search, other, low, soldOut } = await pickProducts(request);
    // The account already has one unit of `other` in its server cart (added on another device).
    const lia = await createConfirmedAccount(request, newPerson('Lia'));
    const seeded = await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: other.id, quantity: 1 }] } });
    expect(seeded.status(), await seeded.text()).toBe(200);

    // --- Signed out: the catalogue, with an accent-insensitive search ('estetica' finds 'Estética').
    await page.goto('/marketplace/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    const results = page.getByRole('region', { name: 'Resultados' });
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categorias' }).getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('newest');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho vazio' })).toBeVisible();
    await shot(page, testInfo, 'marketplace-products');

    // Sort by the lowest price: the first card is the cheapest on the page.
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(results).toHaveAttribute('aria-busy', 'false');
    // Polled: the address changes before the re-sorted cards replace the previous ones.
    await expect
      .poll(async () => {
        const cents = (await results.locator('.product-card__price').allTextContents()).map((p) => Number(p.replace(/\D/g, '')));
        return cents.length > 1 && cents.every((c, i) => i === 0 || cents[i - 1]! <= c);
      })
      .toBe(true);

    await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill('estetica');
    await page.getByRole('searchbox', { name: 'Buscar produtos' }).press('Enter');
    await expect(page).toHaveURL(/q=estetica/);
    await expect(results.getByRole('status')).toHaveText(/produtos? para "estetica"/);
    const card = results.getByRole('article', { name: search.name });
    await expect(card).toBeVisible();

    // The product page: gallery, price, stock; the quantity picker; add 2 to the cart.
    await card.getByRole('link', { name: search.name }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/products/${search.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: search.name })).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(`^${search.name} — foto 1 de`) })).toBeVisible();
    await expect(page.getByText(money(search.price)).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Diminuir quantidade de ${search.name}` })).toBeDisabled();
    await page.getByRole('button', { name: `Aumentar quantidade de ${search.name}` }).click();
    await expect(page.getByRole('group', { name: `Quantidade de ${search.name}` }).getByRole('status')).toHaveText('2');
    await shot(page, testInfo, 'marketplace-product');
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect(toasts(page).getByText('2 unidades adicionadas ao carrinho')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho: 2 itens' })).toBeVisible();

    // A low-stock product: 'Últimas unidades', and the picker stops at the stock.
    await page.goto(`/marketplace/products/${low.id}`);
    await expect(page.getByText('Últimas unidades').first()).toBeVisible();
    // The picker's own limit is what this counts; presses made before the app is ready are prerender.spec's.
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    const increment = page.getByRole('button', { name: `Aumentar quantidade de ${low.name}` });
    for (let i = 1; i < low.stock_quantity!; i++) await increment.click();
    await expect(increment).toBeDisabled();
    // A sold-out one: 'Esgotado', nothing to add.
    await page.goto(`/marketplace/products/${soldOut.id}`);
    await expect(page.getByText('Esgotado').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Esgotado' })).toBeDisabled();

    // One `other` from the grid's quick add.
    await page.goto(`/marketplace/products?q=${encodeURIComponent(other.name)}`);
    await page.getByRole('button', { name: `Adicionar ${other.name} ao carrinho` }).click();
    await expect(toasts(page).getByText('Adicionado ao carrinho')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho: 3 itens' })).toBeVisible();

    // The cart (local storage while signed out): lines, +/−, subtotal.
    await page.getByRole('banner').getByRole('link', { name: 'Carrinho: 3 itens' }).click();
    await expect(page).toHaveURL(/\/marketplace\/cart$/);
    const lines = page.getByRole('list').filter({ has: page.getByRole('heading', { name: search.name }) });
    await expect(lines.getByRole('listitem')).toHaveCount(2);
    const otherLine = lines.getByRole('listitem', { name: other.name });
    await otherLine.getByRole('button', { name: `Aumentar quantidade de ${other.name}` }).click();
    await expect(otherLine.getByRole('group').getByRole('status')).toHaveText('2');
    await otherLine.getByRole('button', { name: `Diminuir quantidade de ${other.name}` }).click();
    await expect(otherLine.getByRole('group').getByRole('status')).toHaveText('1');
    const summary = page.getByRole('complementary', { name: 'Resumo' });
    await expect(summary.getByText('Subtotal (3 itens)')).toBeVisible();
    await expect(summary.getByText(money(search.price * 2 + other.price)).first()).toBeVisible();
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('turma_cart') ?? '[]') as { id: string; quantity: number }[]);
    expect(local.map((l) => [l.id, l.quantity]).sort()).toEqual([[search.id, 2], [other.id, 1]].sort());
    await shot(page, testInfo, 'marketplace-cart');

    // --- "Finalizar compra" asks for the login, then comes back to the checkout with the carts merged.
    await summary.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fmarketplace%2Fcheckout$/);
    await signIn(page, lia.email, lia.password);
    await expect(page).toHaveURL(/\/marketplace\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Onde entregamos?' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho: 4 itens' })).toBeVisible();
    const merged = await serverCart(request);
    expect(merged.items.map((l) => [l.id, l.quantity]).sort()).toEqual([[search.id, 2], [other.id, 2]].sort());
    expect(await page.evaluate(() => localStorage.getItem('turma_cart'))).toBeNull();
    const orderSummary = page.getByRole('complementary', { name: 'Seu pedido' });
    const items = search.price * 2 + other.price * 2;
    await expect(orderSummary.getByText(money(items)).first()).toBeVisible();

    // Address from the profile; the order is created and the payment step has its id in the URL.
    await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
    await expect(page.getByLabel('Número')).toHaveValue(lia.number);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment\?order=[0-9a-f-]+$/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    // The charge is the items plus the freight the server priced (free from R$ 199,00).
    const created = (await (await request.get(`/api/orders/${orderId}`)).json()) as { total_amount: number; shipping_amount: number };
    const total = created.total_amount;
    expect(total).toBe(items + created.shipping_amount);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho vazio' })).toBeVisible();

    // PIX: QR and copia-e-cola; a reload shows the same charge, and there is still one order.
    await expect(page.getByRole('radio', { name: /^PIX/ })).toBeChecked();
    await page.getByRole('button', { name: new RegExp(`Gerar código PIX de ${money(total).source}`) }).click();
    await expect(page.getByRole('img', { name: /QR Code PIX/ })).toBeVisible();
    await expect(page).toHaveURL(/&payment=[0-9a-f-]+$/);
    const pix = await page.getByLabel('PIX copia e cola').inputValue();
    const paymentUrl = page.url();
    await page.reload();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(pix);
    expect(page.url()).toBe(paymentUrl);
    const orders = (await (await request.get('/api/orders')).json()) as { items: { id: string; status: string }[]; total: number };
    expect(orders.total).toBe(1);
    await expect(page.getByText('Produtos reservados por')).toBeVisible();
    await shot(page, testInfo, 'marketplace-checkout-pix');

    // The sandbox confirms: the screen follows by itself (no reload) and lands on the paid order.
    await markPage(page);
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(toasts(page).getByText('Pagamento confirmado!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/marketplace/orders/${orderId}$`));
    const status = page.getByRole('status').filter({ hasText: 'Situação' });
    await expect(status).toContainText('Pago');
    expect(await stillSamePage(page)).toBe(true);
    await expect(page.getByRole('region', { name: 'Histórico' }).getByText('Pago')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entrega' }).getByText(/Avenida Paulista, 1000/)).toBeVisible();
    await shot(page, testInfo, 'marketplace-order');

    // The order list: newest first, 'Pago'.
    await page.getByRole('navigation', { name: 'Você está em' }).getByRole('link', { name: 'Meus pedidos' }).click();
    await expect(page).toHaveURL(/\/marketplace\/orders$/);
    const row = page.getByRole('list', { name: 'Pedidos' }).getByRole('article').first();
    await expect(row.getByRole('link', { name: /^Pedido #[0-9A-F]{8}$/ })).toHaveAttribute('href', `/marketplace/orders/${orderId}`);
    await expect(row.getByText('Pago')).toBeVisible();
    await shot(page, testInfo, 'marketplace-orders');
  });

  test('the services page lists the service plans by category; "Quero este" leads to the group checkout', async ({ page }, testInfo) => {
    await page.goto('/marketplace/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
    const sections = page.getByRole('main').getByRole('region');
    await expect(sections.first()).toBeVisible();
    const plans = (await (await page.request.get('/api/plans?kind=service')).json()) as { items: { name: string; category: { name: string } | null }[] };
    const first = plans.items[0]!;
    const section = page.getByRole('region', { name: first.category?.name ?? 'Outros serviços', exact: true });
    await expect(section.getByRole('article', { name: first.name })).toBeVisible();
    await shot(page, testInfo, 'marketplace-services');
    // Signed out: the plan waits as the pending checkout while the visitor signs in (as on the landing).
    await section.getByRole('button', { name: `Quero este: ${first.name}` }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('post_login_redirect') ?? 'null'));
    expect(pending).toMatchObject({ action: 'checkout_plan', plan: { name: first.name, item_type: 'plan' } });
  });

  test('a pending order paid elsewhere turns paid on screen through the order polling', async ({ page, request, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the same logic at every width: the desktop run shows it');
    test.setTimeout(60_000);
    const { other } = await pickProducts(request);
    // Someone else's order first (its id is all Rui will know of it).
    await createConfirmedAccount(request, newPerson('Bia'));
    expect((await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: other.id, quantity: 1 }] } })).status()).toBe(200);
    const bias = await request.post('/api/orders', { data: { use_saved_address: true } });
    expect(bias.status(), await bias.text()).toBe(201);
    const biasOrderId = ((await bias.json()) as { id: string }).id;
    const rui = await createConfirmedAccount(request, newPerson('Rui'));
    // An order and its PIX made over the API (as if on another device).
    expect((await request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: other.id, quantity: 1 }] } })).status()).toBe(200);
    const created = await request.post('/api/orders', { data: { use_saved_address: true } });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as { id: string; number: string };
    const payment = await request.post('/api/payments', { data: { purpose: 'order', ref_id: order.id, method: 'PIX' } });
    expect(payment.status(), await payment.text()).toBe(201);
    const paymentId = ((await payment.json()) as { id: string }).id;

    await page.goto('/auth?next=%2Fmarketplace%2Forders');
    const firstPoll = page.waitForResponse((r) => r.url().endsWith('/api/orders/pending-payments') && r.status() === 200);
    await signIn(page, rui.email, rui.password);
    await expect(page).toHaveURL(/\/marketplace\/orders$/);
    const row = page.getByRole('list', { name: 'Pedidos' }).getByRole('article', { name: `Pedido ${order.number}` });
    await expect(row.getByText('Aguardando pagamento')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Pagar' })).toBeVisible();

    await shot(page, testInfo, 'marketplace-orders-pending');

    // The provider confirms (the sandbox's webhook path); the open list learns it by polling.
    await firstPoll;
    await markPage(page);
    const confirmed = await request.post(`/api/sandbox/payments/${paymentId}/confirm`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await expect(toasts(page).getByText(`O pedido ${order.number} está pago.`)).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('Pago')).toBeVisible();
    expect(await stillSamePage(page)).toBe(true);

    // Someone else's order is a 404 screen (the API's 404 is the expected answer).
    consoleGuard.allow(new RegExp(`status of 404 .*/api/orders/${biasOrderId}`));
    await page.goto(`/marketplace/orders/${biasOrderId}`);
    await expect(page.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
    await shot(page, testInfo, 'marketplace-order-not-found', false);
  });
});

