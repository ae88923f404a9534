// Back office (/admin): sign-in with the server's admin account, the Painel, and the read-only audit trail.
import type { Page } from '@playwright/test';
import { expect, screenshotPath, test } from './support/fixtures';

// playwright.config.ts sets these for the admin its server seeds; the fallbacks match the brief.
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin-e2e@turma.test';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Senha-forte-123';

// Signed out, GET /api/me answers 401 and a wrong password 401: Chromium logs both as
// "Failed to load resource: … status of 401"; they are the contract, not breakage.
const EXPECTED_401 = /status of 401/;

/** The password input (an <input type=password> has no ARIA role; "Mostrar senha" must not match). */
const passwordField = (page: Page) => page.getByLabel(/^Senha/);

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Administração da Turma' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** On a phone the menu lives in a drawer behind the app bar's menu button. */
async function openMenuItem(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await item.click();
}

test.describe('back office', () => {
  test('a wrong password shows the server message and stays on the login page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(EXPECTED_401);
    await signIn(page, ADMIN_EMAIL, 'senha-errada-123');
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  test('an admin signs in, sees the Painel and filters the audit logs by action', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(EXPECTED_401);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

    // Painel: the app bar title and the welcome card naming the signed-in admin.
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Olá, \S/ })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.screenshot({ path: screenshotPath(testInfo, 'admin-painel') });

    // Registros de auditoria: this very sign-in is in the trail.
    await openMenuItem(page, 'Registros de auditoria');
    await expect(page).toHaveURL(/\/admin\/audit-logs/);
    await expect(page.getByRole('heading', { name: 'Registros de auditoria' })).toBeVisible();
    await expect(page.getByText('auth.login', { exact: true }).first()).toBeVisible();

    // Filter by action (exact match on the server): only auth.login rows remain.
    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: /^auth\.login · / }).click();
    await expect(page).toHaveURL(/filter=.*auth\.login/);
    await expect(page.getByRole('combobox', { name: 'Ação' })).toContainText('auth.login');
    await expect(page.getByText(/^(auth\.login_failed|auth\.logout|user\.created|admin\.created)$/)).toHaveCount(0);
    await expect(page.getByText('auth.login', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo, 'admin-audit-logs') });

    // One record, read-only, with its metadata.
    await page.getByText('auth.login', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/audit-logs\/[^/]+\/show$/);
    await expect(page.getByText('Metadados', { exact: true })).toBeVisible();
    await expect(page.getByText('ID da requisição')).toBeVisible();
    await expect(page.getByRole('button', { name: /Editar|Excluir/ })).toHaveCount(0);

    // Sign out through the user menu: back to the login page.
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});
