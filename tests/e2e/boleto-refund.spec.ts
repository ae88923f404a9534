// Boleto refunds (docs/product/payments.md#boleto-refunds): a member who withdraws from a group paid by boleto chooses
// on /payment-history how to get the money back; a wrong PIX key is refused in pt-BR, a valid one sends one PIX and the
// row says "Reembolso por PIX" and "Reembolsado". Desktop and 360 px phone.
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

test.describe('boleto refund choice', () => {
  test.use({ colorScheme: 'dark' });

  test('a member who paid by boleto chooses a PIX key for the refund and sees it sent', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const eva = await createConfirmedAccount(request, newPerson('Eva'));
    const plans = (await (await request.get('/api/plans')).json()) as { items: Array<{ id: string; kind: string; entry_price: number; group_size: number }> };
    const plan = plans.items.find((p) => p.kind === 'service' && p.group_size >= 3)!;
    expect(plan).toBeTruthy();
    // The entry paid by boleto (the sandbox confirms it), then a withdrawal back to the original method.
    const joined = await request.post('/api/groups', { data: { plan_id: plan.id } });
    expect(joined.status(), await joined.text()).toBe(201);
    const { membership } = (await joined.json()) as { membership: { id: string } };
    const pay = await request.post('/api/payments', { data: { purpose: 'entry', ref_id: membership.id, method: 'BOLETO' } });
    expect(pay.status(), await pay.text()).toBe(201);
    const paymentId = ((await pay.json()) as { id: string }).id;
    expect((await request.post(`/api/sandbox/payments/${paymentId}/confirm`)).status()).toBe(200);
    const withdrawn = await request.post(`/api/me/memberships/${membership.id}/withdraw`, { data: { destination: 'original' } });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
    await request.post('/api/auth/logout');

    await page.goto('/auth?next=%2Fpayment-history');
    await signIn(page, eva.email, eva.password);
    await expect(page).toHaveURL(/\/payment-history$/);
    const choice = page.getByRole('form', { name: 'Escolha como receber o reembolso' });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('radio', { name: 'PIX para uma chave minha' })).toBeChecked();

    // A CPF key that is not a valid CPF: refused on the spot, in pt-BR, nothing sent.
    await choice.getByLabel('Tipo da chave PIX').selectOption('CPF');
    await choice.getByLabel('Chave PIX', { exact: true }).fill('111.111.111-11');
    await choice.getByRole('button', { name: 'Confirmar' }).click();
    await expect(choice.getByRole('alert')).toContainText('CPF');
    expect(((await (await page.request.get(`/api/payments/${paymentId}`)).json()) as { refund_destination: string }).refund_destination).toBe('awaiting_choice');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await capture(page, testInfo, 'boleto-refund-choice', { fullPage: true });

    await choice.getByLabel('Tipo da chave PIX').selectOption('EMAIL');
    await choice.getByLabel('Chave PIX', { exact: true }).fill(eva.email);
    await choice.getByRole('button', { name: 'Confirmar' }).click();
    await expect(choice).toHaveCount(0);
    await expect(page.getByText('Reembolso por PIX').first()).toBeVisible();

    // The refund job sends the PIX transfer; the history then shows the payment refunded.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/payments/${paymentId}`)).json()) as { status: string }).status, { timeout: 30_000 })
      .toBe('refunded');
    await page.reload();
    await expect(page.getByText(`${brl(plan.entry_price)} reembolsado`).first()).toBeVisible();
    await expect(page.getByText('Reembolso por PIX').first()).toBeVisible();
    await capture(page, testInfo, 'boleto-refund-sent', { fullPage: true });
  });
});
