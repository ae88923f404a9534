// "Onde está o dinheiro" on /my-groups (docs/product/group-purchase.md#where-the-money-is): an open group with two paid entries shows both held
// (R$ 20,00, 2 entradas) with first names only; a group that expired with the entry kept as credit shows it in the
// wallet, nothing held. Screenshots at desktop and 360 px (the two projects), dark theme.
import type { APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';

const expect = baseExpect.configure({ timeout: 15_000 });
const EXPECTED_404 = /status of 404/;
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

/** Signs `email` in on `request`'s jar, pays the entry of a new group (or of `groupId`) by sandbox PIX, signs out. */
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

test.describe('where the money is', () => {
  test.use({ colorScheme: 'dark' });

  test('each group card shows its escrow: held entries with first names, an expired entry kept as credit', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_404);
    const lia = await createConfirmedAccount(request, newPerson('Lia'));
    const rui = await createConfirmedAccount(request, newPerson('Rui'));

    // An open group of 3 (entry R$ 10,00): Rui and Lia paid.
    const plan = await createPlanAsAdmin({ size: 3, price: 10_000, fullPrice: 15_000 });
    const { groupId } = await payEntry(request, rui, plan);
    await request.post('/api/auth/logout');
    await payEntry(request, lia, plan, groupId);

    // Another group of Lia's expired; she kept the entry (R$ 20,00) as wallet credit.
    const other = await createPlanAsAdmin({ size: 3, price: 20_000, fullPrice: 25_000 });
    expect((await request.post('/api/auth/login', { data: { email: lia.email, password: lia.password } })).status()).toBe(200);
    const expired = await payEntry(request, lia, other);
    expect((await request.patch(`/api/me/memberships/${expired.membershipId}`, { data: { refund_to: 'wallet' } })).status()).toBe(200);
    expect((await request.post(`/api/dev/groups/${expired.groupId}/expire`)).status()).toBe(200);

    await page.goto('/auth?next=%2Fmy-groups');
    await signIn(page, lia.email, lia.password);
    await expect(page).toHaveURL(/\/my-groups$/);

    const openCard = page.locator(`#turma-${groupId}`);
    const escrow = openCard.getByRole('region', { name: 'Onde está o dinheiro' });
    await expect(escrow.locator('[data-figure="held"]')).toContainText('Guardado');
    await expect(escrow.locator('[data-figure="held"]')).toContainText(brl(2_000));
    await expect(escrow.locator('[data-figure="held"]')).toContainText('2 entradas');
    const people = escrow.getByRole('list', { name: 'Participantes e onde está o dinheiro de cada um' });
    await expect(people.getByRole('listitem')).toHaveCount(2);
    await expect(people.getByRole('listitem').filter({ hasText: 'Lia' })).toContainText('(você)');
    await expect(people.getByRole('listitem').filter({ hasText: 'Rui' })).toContainText('guardado');
    await expect(escrow).toContainText(`Seu dinheiro: ${brl(1_000)} pago — ${brl(1_000)} guardado.`);
    // First names only: no surname and no e-mail of the other member anywhere on the page.
    await expect(page.locator('main')).not.toContainText('Teste Silva');
    await expect(page.locator('main')).not.toContainText(rui.email);

    const expiredCard = page.locator(`#turma-${expired.groupId}`);
    const expiredEscrow = expiredCard.getByRole('region', { name: 'Onde está o dinheiro' });
    await expect(expiredEscrow.locator('[data-figure="held"]')).toContainText(brl(0));
    await expect(expiredEscrow.locator('[data-figure="credited"]')).toContainText('Em crédito na carteira');
    await expect(expiredEscrow.locator('[data-figure="credited"]')).toContainText(brl(2_000));
    await expect(expiredEscrow.getByRole('listitem').filter({ hasText: 'Lia' })).toContainText('na carteira');
    await expect(expiredEscrow).toContainText(`Seu dinheiro: ${brl(2_000)} pago — ${brl(2_000)} na carteira.`);

    // Opened fresh, the page is drawn once its groups, vouchers and each card's money are known: nothing moves as
    // they arrive (the layout shifts Chromium recorded since the load add up to almost nothing).
    await page.goto('/my-groups');
    await expect(expiredEscrow.locator('[data-figure="credited"]')).toContainText(brl(2_000));
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) sum += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => done(sum)));
        }),
    );
    expect(shifted).toBeLessThan(0.02);

    // Nothing overflows the 360 px phone: the section is as wide as its card.
    const [card, section] = await Promise.all([openCard.boundingBox(), escrow.boundingBox()]);
    expect(section!.x + section!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.evaluate(() => document.fonts.ready);
    await escrow.scrollIntoViewIfNeeded();
    await capture(openCard, testInfo, 'my-groups-escrow-open');
    await expiredCard.scrollIntoViewIfNeeded();
    await capture(expiredCard, testInfo, 'my-groups-escrow-expired');
  });
});
