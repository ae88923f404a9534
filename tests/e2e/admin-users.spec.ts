// Back office in the browser: the demo admin finds an account by its CPF on /admin/users, blocks it with a
// reason (the person can no longer sign in), opens its audit trail, and unblocks it; then, on /admin/triggers, runs a
// scheduled job now and sees its outcome in the notification and in the job's last run.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { formatCpf } from '../../core/identity/cpf';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';

const EXPECTED_401 = /status of 401/;
const row = (page: Page, text: string) => page.locator('tr, li').filter({ hasText: text });

test.describe('back office: users and triggers', () => {
  test('the admin finds an account by CPF, blocks and unblocks it', async ({ page, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const ctx = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
    const person = await createConfirmedAccount(ctx, newPerson('Bruna'));
    const login = () => ctx.post('/api/auth/login', { data: { email: person.email, password: person.password } });

    await signInAdmin(page);
    // The dashboard's deliveries per channel: a titled table (or its empty sentence), never raw channel names.
    const figures = page.getByTestId('dashboard-message-figures');
    await expect(figures.getByRole('heading', { name: 'Entregas por canal (últimos 30 dias)' })).toBeVisible();
    await expect(figures.getByRole('table').or(figures.getByText('Nenhuma mensagem por WhatsApp ou push nos últimos 30 dias.'))).toBeVisible();
    await expect(figures).not.toContainText(/\bwhatsapp\b|\bin_app\b/);
    // The list's first page and the session are asked for once, while the app loads (admin/providers/early.ts): the
    // list and the sign-in check take those answers instead of asking again.
    const asked: string[] = [];
    const count = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/admin/users' || path === '/api/auth/session') asked.push(path);
    };
    page.on('request', count);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(row(page, person.fullName)).toHaveCount(1);
    page.off('request', count);
    expect(asked.sort()).toEqual(['/api/admin/users', '/api/auth/session']);
    await page.getByPlaceholder('Nome, e-mail ou CPF').fill(formatCpf(person.cpf));
    await expect(page).toHaveURL(/filter=.*q/);
    await expect(row(page, person.fullName)).toHaveCount(1);
    await expect(row(page, person.fullName).getByText('Ativa')).toBeVisible();
    // The CPF stays on one line (it once broke at its hyphen).
    const cpfCell = row(page, person.fullName).getByText(formatCpf(person.cpf));
    const lineHeight = await cpfCell.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
    expect((await cpfCell.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await capture(page, testInfo, 'admin-users-search', { fullPage: testInfo.project.name === 'desktop' });

    await row(page, person.fullName).getByText(person.fullName).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: person.fullName })).toBeVisible();
    await expect(page.getByText(formatCpf(person.cpf))).toBeVisible();
    await expect(page.getByText('Ainda não participa de nenhuma turma.')).toBeVisible();
    await expect(page.getByText('Nenhuma mensagem por WhatsApp ou push para esta pessoa.')).toBeVisible();

    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear esta conta?' });
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(dialog.getByText('Escreva o motivo (pelo menos 3 caracteres)')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('Suspeita de fraude no cartão');
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(page.getByText('Conta bloqueada; as sessões foram encerradas.')).toBeVisible();
    await expect(page.getByText(/Bloqueada em .*: Suspeita de fraude no cartão/)).toBeVisible();
    await capture(page, testInfo, 'admin-users-blocked', { fullPage: testInfo.project.name === 'desktop' });
    const refused = await login();
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('account_blocked');

    // The record's audit trail: the audit list filtered to this account.
    await page.getByRole('button', { name: 'Auditoria' }).or(page.getByRole('link', { name: 'Auditoria' })).click();
    await expect(page).toHaveURL(/\/admin\/audit-logs\?.*entity_id/);
    await expect(page.getByText('Usuário bloqueado', { exact: true }).first()).toBeVisible();
    await page.goBack();

    await page.getByRole('button', { name: 'Desbloquear', exact: true }).click();
    await expect(page.getByText('Conta desbloqueada.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: person.fullName })).toBeVisible();
    await expect(page.getByText(/Bloqueada em/)).toHaveCount(0);
    expect((await login()).status()).toBe(200);
    await ctx.dispose();
  });

  test('the admin runs a scheduled job from /admin/triggers and sees the outcome', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(EXPECTED_401);
    await signInAdmin(page);
    await page.goto('/admin/triggers');
    await expect(page.getByRole('heading', { name: 'Gatilhos' })).toBeVisible();
    const job = row(page, 'cleanup_sessions');
    await expect(job.getByText('30 * * * *')).toBeVisible();
    await expect(page.getByText('Tarefas com falha definitiva')).toBeVisible();
    await page.getByRole('button', { name: 'Executar agora: cleanup_sessions' }).click();
    await expect(page.getByText(/cleanup_sessions executada com sucesso \(\d+ apagados\)\./)).toBeVisible();
    await expect(job.getByText('Sucesso')).toBeVisible();
    await expect(job.getByText(/\d+ apagados/)).toBeVisible();
    await capture(page, testInfo, 'admin-triggers', { fullPage: testInfo.project.name === 'desktop' });
  });
});
