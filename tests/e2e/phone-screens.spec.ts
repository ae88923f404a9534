// Every signed-in screen at 360 px, with real content: a member with a paid entry and a paid order, the demo
// professional and the demo influencer. The flows themselves are tested on desktop (docs/testing.md: browser projects).
import type { Page, TestInfo } from '@playwright/test';
import { apiLogin, paySandbox } from './support/api';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';
import { paidOrder, pickProducts } from './support/marketplace';

const expect = baseExpect.configure({ timeout: 15_000 });
const DEMO_PASSWORD = 'demo12345';

/** The screen drew its heading, nothing is wider than the phone, and it is kept as a screenshot. */
async function looksRight(page: Page, testInfo: TestInfo, path: string, name: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // Skeletons gone: the screen shows what it loaded (or its empty state), not a placeholder.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} is wider than the phone by ${overflow}px`).toBeLessThanOrEqual(1);
  await expect(page.getByText(/undefined|NaN|\[object Object\]/)).toHaveCount(0);
  await capture(page, testInfo, name, { fullPage: true });
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);
}

test.describe('signed-in screens on a phone', () => {
  test.use({ colorScheme: 'dark' });

  test('a member: dashboard, groups, payments, notifications, profile, cart and orders', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const person = await createConfirmedAccount(request, newPerson('Lia'));
    await apiLogin(request, person.email, person.password);
    const plan = await createPlanAsAdmin({ size: 3 });
    const joined = await request.post('/api/groups', { data: { plan_id: plan.id } });
    expect(joined.status(), await joined.text()).toBe(201);
    const { membership } = (await joined.json()) as { membership: { id: string } };
    await paySandbox(request, 'entry', membership.id);
    const { other } = await pickProducts(request);
    const order = await paidOrder(request, other.id, 1);

    await signInAs(page, person.email, person.password);
    await looksRight(page, testInfo, '/dashboard', 'dashboard');
    await looksRight(page, testInfo, '/my-groups', 'my-groups');
    await looksRight(page, testInfo, '/payment-history', 'payment-history');
    await looksRight(page, testInfo, '/notifications', 'notifications');
    await looksRight(page, testInfo, '/profile', 'profile');
    // Deleting the account says first why it cannot go now (the paid order is on its way), within the phone's width.
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const deletion = page.getByRole('dialog', { name: 'Excluir minha conta' });
    await expect(deletion.getByText('Ainda não é possível excluir a conta:')).toBeVisible();
    await expect(deletion.getByText(/pedido da loja pago e ainda não entregue/)).toBeVisible();
    await expect(deletion.getByRole('button', { name: 'Excluir conta definitivamente' })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await capture(page, testInfo, 'profile-delete', { fullPage: false });
    await deletion.getByRole('button', { name: 'Cancelar' }).click();
    await looksRight(page, testInfo, '/marketplace/cart', 'cart');
    await looksRight(page, testInfo, '/marketplace/orders', 'orders');
    await looksRight(page, testInfo, `/marketplace/orders/${order.id}`, 'order');
    await expect(page.getByTestId('order-goods-invoice')).toContainText('Nota fiscal (NF-e) · Emitida');
  });

  test('the demo professional: dashboard, receivables and photos', async ({ page }, testInfo) => {
    await signInAs(page, 'profissional@turma.local', DEMO_PASSWORD);
    await looksRight(page, testInfo, '/dashboard/professional', 'professional-dashboard');
    // The seed recorded the demo accounts' acceptance of the documents in force: no re-consent notice.
    await expect(page.getByText('Atualizamos nossos documentos')).toHaveCount(0);
    await looksRight(page, testInfo, '/professional/receivables', 'professional-receivables');
    await looksRight(page, testInfo, '/professional/photos', 'professional-photos');
  });

  test('the demo influencer: dashboard', async ({ page }, testInfo) => {
    await signInAs(page, 'influencer@turma.local', DEMO_PASSWORD);
    await looksRight(page, testInfo, '/dashboard/influencer', 'influencer-dashboard');
    await expect(page.getByText('Atualizamos nossos documentos')).toHaveCount(0);
  });
});
