// A new admin's first sign-in to /admin enrols the second factor (QR code + key, a code, the recovery codes),
// and the next sign-in asks for a code. The account is promoted by the seeded admin through the admin API.
import { generateSync } from 'otplib';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { adminRequest } from './support/admin';
import { expect, test } from './support/fixtures';

// Signed out /api/me answers 401 and the admin routes 403 before the second factor; the wrong code is a 400.
const EXPECTED_401 = /status of 40[013]/;

test.describe('admin second factor', () => {
  test('a promoted admin enrols with the QR key on the first sign-in and signs in with a code afterwards', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(EXPECTED_401);
    const person = await createConfirmedAccount(request, newPerson('Helena'));
    const staff = await adminRequest();
    const found = await (await staff.get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: person.email }))}`)).json();
    const id = (found as Array<{ id: string }>)[0]!.id;
    expect((await staff.post(`/api/admin/users/${id}/role`, { data: { role: 'admin' } })).status()).toBe(200);
    await staff.dispose();

    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel(/^Senha/).fill(person.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Ative a verificação em duas etapas' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Código de 6 dígitos').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Ativar' }).click();
    const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.getByRole('button', { name: 'Copiei os códigos' }).click();
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();

    // Signed out and back in: the code field (the next step's code: the enrolment's step cannot be replayed).
    await page.context().clearCookies();
    await page.goto('/admin/');
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel(/^Senha/).fill(person.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    await page.getByLabel('Código de 6 dígitos').fill('000000' === generateSync({ secret }) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('alert')).toContainText('Código inválido');
    await page.getByLabel('Código de 6 dígitos').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  });
});
