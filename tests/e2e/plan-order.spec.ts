// A product plan becomes an order: after the balance is paid the voucher card asks for the delivery address; the member
// confirms it (pre-filled, number changed) and lands on the paid order, also listed in /marketplace/orders.
// Desktop and 360 px phone.
import type { APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';

const expect = baseExpect.configure({ timeout: 15_000 });
const EXPECTED_404 = /status of 404/;

async function pay(request: APIRequestContext, purpose: 'entry' | 'balance', refId: string) {
  const pay = await request.post('/api/payments', { data: { purpose, ref_id: refId, method: 'PIX' } });
  expect(pay.status(), await pay.text()).toBe(201);
  expect((await request.post(`/api/sandbox/payments/${((await pay.json()) as { id: string }).id}/confirm`)).status()).toBe(200);
}

test('a member confirms the delivery address of a paid product plan and sees the order', async ({ page, request, consoleGuard }, testInfo) => {
  test.setTimeout(120_000);
  consoleGuard.allow(EXPECTED_404);
  const plan = await createPlanAsAdmin({ kind: 'product', price: 20_000, fullPrice: 30_000 });
  const rui = await createConfirmedAccount(request, newPerson('Rui'));
  const lia = await createConfirmedAccount(request, newPerson('Lia'));
  // Rui starts the group of 2 and pays; Lia joins and pays: the group completes. Lia pays the balance.
  expect((await request.post('/api/auth/login', { data: { email: rui.email, password: rui.password } })).status()).toBe(200);
  const started = await request.post('/api/groups', { data: { plan_id: plan.id } });
  expect(started.status(), await started.text()).toBe(201);
  const { group, membership } = (await started.json()) as { group: { id: string }; membership: { id: string } };
  await pay(request, 'entry', membership.id);
  await request.post('/api/auth/logout');
  expect((await request.post('/api/auth/login', { data: { email: lia.email, password: lia.password } })).status()).toBe(200);
  const joined = await request.post(`/api/groups/${group.id}/join`, { data: {} });
  expect(joined.status(), await joined.text()).toBe(201);
  await pay(request, 'entry', ((await joined.json()) as { membership: { id: string } }).membership.id);
  const vouchers = (await (await request.get('/api/me/vouchers')).json()) as { items: Array<{ id: string }> };
  const voucherId = vouchers.items[0]!.id;
  await pay(request, 'balance', voucherId);
  await request.post('/api/auth/logout');

  await page.goto('/auth?next=%2Fmy-groups');
  await signIn(page, lia.email, lia.password);
  await expect(page).toHaveURL(/\/my-groups$/);
  const ticket = page.getByRole('article', { name: `Voucher de ${plan.name}`, exact: true });
  await expect(ticket).toContainText('Confirme o endereço de entrega');
  await ticket.getByRole('link', { name: 'Confirmar endereço de entrega' }).click();

  await expect(page).toHaveURL(new RegExp(`/my-groups/vouchers/${voucherId}/delivery$`));
  await expect(page.getByRole('heading', { name: 'Endereço de entrega do seu produto' })).toBeVisible();
  // Pre-filled from the profile; Lia changes the number.
  await expect(page.getByLabel('Rua')).toHaveValue(lia.street);
  await page.getByLabel('Número').fill('742');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  await capture(page, testInfo, 'plan-delivery');
  await page.getByRole('button', { name: 'Confirmar endereço e criar o pedido' }).click();

  await expect(page).toHaveURL(/\/marketplace\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByText(plan.name).first()).toBeVisible();
  await expect(page.getByText('Plano de turma: pago com a entrada e o saldo')).toBeVisible();
  await expect(page.getByText('Pago').first()).toBeVisible();
  await expect(page.getByText('742').first()).toBeVisible();
  await capture(page, testInfo, 'plan-order');

  await page.goto('/marketplace/orders');
  await expect(page.locator(`a[href="/marketplace/orders/${orderId}"]`).first()).toBeVisible();
  // Back on the voucher card: the order link instead of the address request.
  await page.goto('/my-groups');
  await expect(page.getByRole('article', { name: `Voucher de ${plan.name}`, exact: true }).getByRole('link', { name: 'Acompanhar o pedido' })).toHaveAttribute('href', `/marketplace/orders/${orderId}`);
});
