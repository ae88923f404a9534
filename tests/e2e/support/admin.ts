// The back office's browser tests: the demo admin the e2e server seeds, signed in through /admin's own form.
import { expect, type Page } from '@playwright/test';

export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@turma.local';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Senha-forte-123';

export async function signInAdmin(page: Page) {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Administração da Turma' })).toBeVisible();
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel(/^Senha/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
}

/** On a phone the menu lives in a drawer behind the app bar's menu button. */
export async function openMenuItem(page: Page, name: string) {
  const item = page.getByRole('menuitem', { name, exact: true });
  if (!(await item.isVisible())) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await item.click();
}

/**
 * Types into a list's search box and waits until react-admin has put the filter in the address: the filter is
 * debounced, and a row clicked before it lands is undone by the list's own navigation back to itself.
 */
export async function searchList(page: Page, text: string) {
  await page.getByPlaceholder('Buscar').fill(text);
  await expect(page).toHaveURL(new RegExp(`filter=.*${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%20/g, '(%20|\\+)')}`));
}
