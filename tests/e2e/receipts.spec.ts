// Receipts in the browser: a paid entry shows "Recibo" and "PDF" in /payment-history; the receipt opens in a
// new tab as a styled page under its CSP (no console error, no CSP violation), and the PDF link answers a PDF.
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect, capture, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';

test('a paid entry has an HTML receipt and a PDF linked from the payment history', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const plan = await createPlanAsAdmin({ size: 3, price: 10_000, fullPrice: 15_000 });
  const person = await createConfirmedAccount(request, newPerson('Rita'));
  await page.goto('/auth');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The entry through the API with the browser's session (the screens for this are covered by groups.spec.ts).
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  const created = await page.request.post('/api/groups', { data: { plan_id: plan.id }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { membership } = await created.json();
  const payment = await page.request.post('/api/payments', { data: { purpose: 'entry', ref_id: membership.id, method: 'PIX' }, headers });
  expect(payment.status(), await payment.text()).toBe(201);
  const { id } = await payment.json();
  const confirmed = await page.request.post(`/api/sandbox/payments/${id}/confirm`, { data: {}, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/payment-history');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Entrada' }).filter({ hasText: 'Pago' });
  await expect(row).toHaveCount(1);
  const receiptLink = row.getByRole('link', { name: /^Abrir o recibo de R\$\s10,00/ });
  await expect(receiptLink).toHaveText('Recibo');
  await expect(receiptLink).toHaveAttribute('target', '_blank');
  const pdfLink = row.getByRole('link', { name: /^Recibo de R\$\s10,00 em PDF/ });
  await expect(pdfLink).toHaveAttribute('href', `/api/payments/${id}/receipt?format=pdf`);
  await capture(page, testInfo, 'payment-history-receipts', { fullPage: true });

  const [receipt] = await Promise.all([page.waitForEvent('popup'), receiptLink.click()]);
  const problems: string[] = [];
  receipt.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  await receipt.waitForLoadState('load');
  await expect(receipt.getByRole('heading', { level: 1, name: 'Recibo de pagamento' })).toBeVisible();
  await expect(receipt.locator('dd', { hasText: `Entrada do plano ${plan.name}` })).toBeVisible();
  await expect(receipt.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/)).toBeVisible();
  // The <style> applied (the CSP let it in): the brand is orange, not the default black.
  await expect(receipt.locator('.brand')).toHaveCSS('color', 'rgb(234, 88, 12)');
  await capture(receipt, testInfo, 'receipt', { fullPage: true });
  expect(problems).toEqual([]);

  // At 360 px the receipt is laid out for the phone: nothing runs off the side, each label sits above its value.
  await receipt.setViewportSize({ width: 360, height: 780 });
  expect(await receipt.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const line = receipt.locator('dl > div').first();
  const [label, value] = await Promise.all([line.locator('dt').boundingBox(), line.locator('dd').boundingBox()]);
  expect(value!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
  expect(value!.width).toBeGreaterThan(300);
  await capture(receipt, testInfo, 'receipt-360', { fullPage: true });

  const pdf = await page.request.get(`/api/payments/${id}/receipt?format=pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
