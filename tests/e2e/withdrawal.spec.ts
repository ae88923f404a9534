// "Desistir da compra" on /my-groups (CDC art. 49): a member who paid the entry of an open group sees the
// button with the deadline ("até dd/mm/aaaa"), opens the confirm dialog, chooses wallet credit and withdraws; the
// button goes, the place is refunded and the wallet credited. Desktop and 360 px phone (the two projects), dark theme.
import type { APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });
const EXPECTED_404 = /status of 404/;
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const ddmmyyyy = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

async function payEntry(request: APIRequestContext, person: { email: string; password: string }, plan: { id: string }, groupId?: string) {
  expect((await request.post('/api/auth/login', { data: { email: person.email, password: person.password } })).status()).toBe(200);
  const joined = groupId ? await request.post(`/api/groups/${groupId}/join`, { data: {} }) : await request.post('/api/groups', { data: { plan_id: plan.id } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { group, membership } = (await joined.json()) as { group: { id: string }; membership: { id: string } };
  const pay = await request.post('/api/payments', { data: { purpose: 'entry', ref_id: membership.id, method: 'PIX' } });
  expect(pay.status(), await pay.text()).toBe(201);
  expect((await request.post(`/api/sandbox/payments/${((await pay.json()) as { id: string }).id}/confirm`)).status()).toBe(200);
  return { groupId: group.id, membershipId: membership.id };
}

test.describe('withdrawal (CDC art. 49)', () => {
  test.use({ colorScheme: 'dark' });

  test('a member withdraws from an open group with the button: place freed, entry credited to the wallet', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_404);
    const rui = await createConfirmedAccount(request, newPerson('Rui'));
    const lia = await createConfirmedAccount(request, newPerson('Lia'));
    // A seeded service plan (groups of 4 or more): two paid entries keep the group open.
    const plans = (await (await request.get('/api/plans')).json()) as { items: Array<{ id: string; kind: string; entry_price: number; group_size: number }> };
    const plan = plans.items.find((p) => p.kind === 'service' && p.group_size >= 3)!;
    expect(plan).toBeTruthy();
    const { groupId } = await payEntry(request, rui, plan);
    await request.post('/api/auth/logout');
    await payEntry(request, lia, plan, groupId);
    await request.post('/api/auth/logout');

    await page.goto('/auth?next=%2Fmy-groups');
    await signIn(page, lia.email, lia.password);
    await expect(page).toHaveURL(/\/my-groups$/);

    const card = page.locator(`#turma-${groupId}`);
    const section = card.getByTestId('withdrawal');
    const deadline = ddmmyyyy(new Date(Date.now() + 7 * 86_400_000));
    await expect(section).toContainText(`até ${deadline}`);
    await section.getByRole('button', { name: 'Desistir da compra' }).click();

    const dialog = page.getByRole('dialog', { name: 'Desistir da compra?' });
    await expect(dialog).toContainText(`a entrada de ${brl(plan.entry_price)} volta inteira para você`);
    await dialog.getByText('Crédito na carteira Turma').click();
    await expect(dialog.getByRole('radio', { name: /Crédito na carteira Turma/ })).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await capture(page, testInfo, 'withdrawal-dialog');
    await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Desistência confirmada').first()).toBeVisible();
    await expect(card.getByTestId('withdrawal')).toHaveCount(0);
    const wallet = await page.request.get('/api/me/wallet');
    expect(((await wallet.json()) as { balance: number }).balance).toBe(plan.entry_price);
    const view = await page.request.get(`/api/groups/${groupId}`);
    expect(((await view.json()) as { members_paid: number }).members_paid).toBe(1);
  });
});
