// Spending wallet credit in the browser: at the marketplace checkout "Usar saldo da carteira" shows the credit used and
// what is left; the sandbox PIX is for the rest only; /payment-history and /dashboard show "Crédito usado".
// Screenshots at 360 px and desktop.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn, toasts } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';
import { pickProducts } from './support/marketplace';

// Six sessions share two cores while this runs: screens get more than the default 5 s to show up.
const expect = baseExpect.configure({ timeout: 15_000 });

// The CEP lookup has no postal service behind it on the e2e server (404), by design.
const EXPECTED_404 = /status of 404/;
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const money = (cents: number) => new RegExp(brl(cents).replace(/\s/g, '\\s').replaceAll('.', '\\.').replace('$', '\\$'));

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await capture(page, testInfo, name, { fullPage: true });
}

/**
 * The member's credit made as members get it: an entry paid with the sandbox PIX, "Guardar como crédito", and the group
 * expired (the development route that does what `turma groups expire` does). Answers the wallet balance.
 */
async function creditFromExpiredGroup(request: APIRequestContext, email: string, password: string): Promise<number> {
  const plan = await createPlanAsAdmin({ size: 3, price: 50_000, fullPrice: 60_000 });
  expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  const joined = await request.post('/api/groups', { data: { plan_id: plan.id } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { group, membership } = (await joined.json()) as { group: { id: string }; membership: { id: string } };
  const pay = await request.post('/api/payments', { data: { purpose: 'entry', ref_id: membership.id, method: 'PIX' } });
  expect(pay.status(), await pay.text()).toBe(201);
  const { id } = (await pay.json()) as { id: string };
  expect((await request.post(`/api/sandbox/payments/${id}/confirm`)).status()).toBe(200);
  expect((await request.patch(`/api/me/memberships/${membership.id}`, { data: { refund_to: 'wallet' } })).status()).toBe(200);
  const expired = await request.post(`/api/dev/groups/${group.id}/expire`);
  expect(expired.status(), await expired.text()).toBe(200);
  expect(await expired.json()).toMatchObject({ expired: 1, wallet_credits: 1 });
  const wallet = (await (await request.get('/api/me/wallet')).json()) as { balance: number };
  expect(wallet.balance).toBeGreaterThan(0);
  return wallet.balance;
}

test.describe('wallet credit', () => {
  test.use({ colorScheme: 'dark' });

  test('a member spends wallet credit at checkout, pays the rest by PIX and sees "Crédito usado"', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_404);
    const bia = await createConfirmedAccount(request, newPerson('Bia'));
    const credit = await creditFromExpiredGroup(request, bia.email, bia.password);
    const { other } = await pickProducts(request);
    // Enough units that the credit pays part only (at least R$ 5,00 left for the PIX).
    const quantity = Math.ceil((credit + 1_000) / other.price);
    const items = other.price * quantity;

    await page.goto('/auth?next=%2Fmarketplace%2Fcheckout');
    await signIn(page, bia.email, bia.password);
    await expect(page).toHaveURL(/\/marketplace\/checkout$/);
    const cart = await page.request.patch('/api/cart', { data: { lines: [{ item_type: 'product', product_id: other.id, quantity }] } });
    expect(cart.status(), await cart.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Onde entregamos?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/payment\?order=[0-9a-f-]+$/);
    // The order's total is the items plus the freight the server priced (free from R$ 199,00).
    const created = (await (await page.request.get(`/api/orders/${new URL(page.url()).searchParams.get('order')}`)).json()) as { total_amount: number; shipping_amount: number };
    const total = created.total_amount;
    expect(total).toBe(items + created.shipping_amount);

    // The choice, with the split shown before paying; the server computes it again.
    const useWallet = page.getByRole('checkbox', { name: `Usar saldo da carteira (${brl(credit)} disponível)` });
    await expect(useWallet).not.toBeChecked();
    await expect(page.getByRole('button', { name: new RegExp(`Gerar código PIX de ${money(total).source}`) })).toBeVisible();
    await useWallet.check();
    const split = page.locator('.pay-wallet__split');
    await expect(split.getByText('Crédito usado')).toBeVisible();
    await expect(split.getByText(money(credit))).toBeVisible();
    await expect(split.getByText('A pagar agora')).toBeVisible();
    await expect(split.getByText(money(total - credit))).toBeVisible();
    await shot(page, testInfo, 'wallet-checkout-choice');

    await page.getByRole('button', { name: new RegExp(`Gerar código PIX de ${money(total - credit).source}`) }).click();
    await expect(page.getByRole('img', { name: new RegExp(`QR Code PIX para pagar ${money(total - credit).source}`) })).toBeVisible();
    await expect(page.getByText(`Crédito usado: ${brl(credit)}`)).toBeVisible();
    await shot(page, testInfo, 'wallet-checkout-pix');
    expect(((await (await page.request.get('/api/me/wallet')).json()) as { balance: number }).balance).toBe(0);

    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(toasts(page).getByText('Pagamento confirmado!')).toBeVisible();
    await expect(page).toHaveURL(/\/marketplace\/orders\/[0-9a-f-]+$/);

    // The history: the order's payment, its full amount and the credit it used.
    await page.goto('/payment-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Histórico de pagamentos' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Pedido do marketplace' }).first();
    await expect(row.getByText(money(total)).first()).toBeVisible();
    await expect(row.getByText(`Crédito usado: ${brl(credit)}`)).toBeVisible();
    await shot(page, testInfo, 'wallet-payment-history');

    // The dashboard's wallet: the balance spent, the entry "Crédito usado".
    await page.goto('/dashboard');
    const wallet = page.getByRole('region', { name: 'Carteira' });
    await expect(wallet.getByText('Crédito usado')).toBeVisible();
    await expect(wallet.getByText(new RegExp(`-${money(credit).source}`))).toBeVisible();
    // The page is long (the plan catalogue follows): the screen around the wallet.
    await wallet.scrollIntoViewIfNeeded();
    await capture(page, testInfo, 'wallet-dashboard');
  });
});
