// Back office (/admin): sign-in with the server's admin account, the Painel, the read-only audit trail and the plans.
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, completeSecondFactor, openMenuItem, searchList } from './support/admin';
import { expect, capture, test } from './support/fixtures';


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

/** A field of a react-admin form by its label (a required field's label ends in " *"). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\\s*\\*)?$`));

/** "R$ 19,99" as Intl writes it (a no-break space after "R$"). */
const brl = (amount: string) => new RegExp(`^R\\$\\s${amount}$`);

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
    await completeSecondFactor(page);

    // Painel: the app bar title and the welcome card naming the signed-in admin.
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Olá, \S/ })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await capture(page, testInfo, 'admin-painel');

    // Registros de auditoria: this very sign-in is in the trail.
    await openMenuItem(page, 'Registros de auditoria');
    await expect(page).toHaveURL(/\/admin\/audit-logs/);
    await expect(page.getByRole('heading', { name: 'Registros de auditoria' })).toBeVisible();
    const rows = page.locator('.RaList-content');
    await expect(rows.getByText('Entrada', { exact: true }).first()).toBeVisible();

    // Filter by action (exact match on the server), chosen by its name: only sign-in rows remain.
    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Entrada', exact: true }).click();
    await expect(page).toHaveURL(/filter=.*auth\.login/);
    await expect(page.getByRole('combobox', { name: 'Ação' })).toHaveText('Entrada');
    await expect(rows.getByText(/^(Tentativa de entrada recusada|Saída|Conta criada|Administrador criado)$/)).toHaveCount(0);
    await expect(rows.getByText('Entrada', { exact: true }).first()).toBeVisible();
    await capture(page, testInfo, 'admin-audit-logs');

    // One record, read-only, with its metadata.
    await rows.getByText('Entrada', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/audit-logs\/[^/]+\/show$/);
    await expect(page.getByText('Metadados', { exact: true })).toBeVisible();
    await expect(page.getByText('ID da requisição')).toBeVisible();
    await expect(page.getByRole('button', { name: /Editar|Excluir/ })).toHaveCount(0);

    // Sign out through the user menu: back to the login page.
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('an admin creates a plan, edits its price and deactivates it', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(EXPECTED_401);
    // The second plan with the same slug: the server answers 409 slug_taken, shown under the field.
    consoleGuard.allow(/status of 409/);
    const stamp = `${Date.now().toString(36)}-${testInfo.project.name}`;
    const name = `Plano E2E ${stamp}`;
    const slug = `plano-e2e-${stamp}`;

    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await completeSecondFactor(page);
    await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
    await openMenuItem(page, 'Planos');
    await expect(page).toHaveURL(/\/admin\/plans/);
    await expect(page.getByRole('heading', { name: 'Planos' })).toBeVisible();

    // Create: the slug follows the name until typed; the entry is 10% of the price, live.
    await page.getByRole('link', { name: 'Criar' }).click();
    await expect(page).toHaveURL(/\/admin\/plans\/create$/);
    await field(page, 'Nome').fill(name);
    await expect(field(page, 'Identificador (slug)')).toHaveValue(`plano-e2e-${stamp}`);
    await field(page, 'Identificador (slug)').fill('Com Espaço');
    await field(page, 'Preço da turma').fill('199,90');
    await expect(page.getByLabel('Entrada (10%, calculada)')).toHaveValue(brl('19,99'));
    await field(page, 'Preço cheio').fill('150');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Use letras minúsculas, números e hífens')).toBeVisible();
    await expect(page.getByText('O preço cheio não pode ser menor que o preço da turma')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/plans\/create$/);

    await field(page, 'Identificador (slug)').fill(slug);
    await field(page, 'Preço cheio').fill('399,90');
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Tatuagem' }).click();
    await field(page, 'Tamanho da turma').fill('8');
    await expect(page.getByText('O preço cheio não pode ser menor que o preço da turma')).toHaveCount(0);
    // The typed amount is formatted once the field loses focus.
    await expect(field(page, 'Preço da turma')).toHaveValue('199,90');
    // The whole form on a desktop; on a phone the viewport (sticky bars would repeat in a full-page shot).
    await capture(page, testInfo, 'admin-plan-form', { fullPage: testInfo.project.name === 'desktop' });
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/admin/plans'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Integer centavos go to the server; the entry never does (the server computes it).
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ slug, price: 19_990, full_price: 39_990, group_size: 8, window_days: 30, active: true });
    expect(body).not.toHaveProperty('entry_price');

    // Back on the list, found by its slug: prices in BRL and the server's entry.
    await expect(page).toHaveURL(/\/admin\/plans(\?|$)/);
    await expect(page.getByText('Item criado')).toBeVisible();
    await searchList(page, slug);
    const row = page.locator('tr, li').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(brl('199,90'))).toBeVisible();
    await expect(row.getByText(brl('399,90'))).toBeVisible();
    await expect(row.getByText(brl('19,99'))).toBeVisible();
    await expect(row.getByText('Tatuagem')).toBeVisible();
    await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
    await capture(page, testInfo, 'admin-plans-list');

    // A second plan with the same slug: the server's 409 appears under the slug field.
    await page.getByRole('link', { name: 'Criar' }).click();
    await field(page, 'Nome').fill(`${name} cópia`);
    await field(page, 'Identificador (slug)').fill(slug);
    await field(page, 'Preço da turma').fill('100');
    await field(page, 'Preço cheio').fill('100');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Já existe um plano com este identificador (slug).')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/plans\/create$/);
    await page.goBack();

    // Edit the price: the entry follows, the list shows the new amounts.
    await expect(page).toHaveURL(/\/admin\/plans(\?|$)/);
    await row.getByText(name).click();
    await expect(page).toHaveURL(/\/admin\/plans\/[0-9a-f-]{36}$/);
    await expect(field(page, 'Preço da turma')).toHaveValue('199,90');
    await expect(field(page, 'Tamanho da turma')).toHaveValue('8');
    await field(page, 'Preço da turma').fill('249,90');
    await expect(page.getByLabel('Entrada (10%, calculada)')).toHaveValue(brl('24,99'));
    const put = page.waitForRequest((request) => request.method() === 'PUT' && /\/api\/admin\/plans\/[0-9a-f-]{36}$/.test(request.url()));
    await page.getByRole('button', { name: 'Salvar' }).click();
    const putBody = (await put).postDataJSON() as Record<string, unknown>;
    expect(putBody).toMatchObject({ slug, price: 24_990, full_price: 39_990, group_size: 8 });
    expect(putBody).not.toHaveProperty('entry_price');
    await expect(page).toHaveURL(/\/admin\/plans(\?|$)/);
    await expect(page.getByText('Item atualizado')).toBeVisible();
    await expect(row.getByText(brl('249,90'))).toBeVisible();
    await expect(row.getByText(brl('24,99'))).toBeVisible();

    // Deactivate (never delete): a confirmation that running groups keep their price.
    await row.getByText(name).click();
    await page.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Desativar o plano "${name}"?`)).toBeVisible();
    await expect(dialog.getByText(/turmas já em andamento continuam com o preço/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Plano desativado')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/plans(\?|$)/);
    await expect(row.getByText('Inativo', { exact: true })).toBeVisible();

    // The inactive plan says so, and offers no second "Desativar".
    await row.getByText(name).click();
    await expect(page.getByText(/Este plano está inativo/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
  });
});
