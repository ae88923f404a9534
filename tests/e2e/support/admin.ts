// The back office's browser tests: the demo admin the e2e server seeds, signed in through /admin's own form.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';

export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@turma.local';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Senha-forte-123';
export const ADMIN_TOTP_SECRET = process.env.E2E_ADMIN_TOTP_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The seeded admin's TOTP codes. A step is accepted once and only after the last accepted one (no replay), and
 * every worker signs the same admin in, so each sign-in claims the next unused step in a file shared by the workers
 * (created exclusively: one claim per step), the current one or the next (accepted one step early), and otherwise waits.
 */
async function claimCode(secret: string): Promise<string> {
  const dir = join(tmpdir(), `turma-e2e-totp-${process.env.E2E_PORT ?? '4311'}-${secret.slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const claimed = readdirSync(dir).map(Number).filter(Number.isFinite);
    const last = claimed.length ? Math.max(...claimed) : now - 1;
    for (const step of [now, now + 1]) {
      if (step <= last) continue;
      try {
        writeFileSync(join(dir, String(step)), '', { flag: 'wx' });
        return generateSync({ secret, epoch: step * 30 });
      } catch {
        // another worker took it
      }
    }
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
}

export async function completeSecondFactor(page: Page, secret = ADMIN_TOTP_SECRET) {
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await page.getByLabel('Código de 6 dígitos').fill(await claimCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeHidden();
}

/** The same over the API, for request contexts that signed the seeded admin in with its password. */
async function verifyAdminSession(request: APIRequestContext, secret = ADMIN_TOTP_SECRET) {
  const res = await request.post('/api/auth/2fa/verify', { data: { code: await claimCode(secret) } });
  expect(res.status(), await res.text()).toBe(200);
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * The demo admin's session that passed the second factor, kept by this worker. Each new sign-in must claim a fresh TOTP
 * step (up to 30 s of waiting), so the tests whose subject is not the sign-in itself share one session; admin.spec and
 * mobile.spec still sign in through the form. A session a test ended (signed out) is noticed and replaced.
 */
let verifiedAdmin: StorageState | undefined;

function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the browser tests need a baseURL');
  return url;
}

async function adminState(): Promise<StorageState> {
  if (verifiedAdmin) {
    const probe = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: verifiedAdmin });
    const alive = (await probe.get('/api/admin/plan-categories')).status() === 200;
    await probe.dispose();
    if (alive) return verifiedAdmin;
  }
  const ctx = await playwrightRequest.newContext({ baseURL: baseURL() });
  const login = await ctx.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  await verifyAdminSession(ctx);
  verifiedAdmin = await ctx.storageState();
  await ctx.dispose();
  return verifiedAdmin;
}

/** A request context of its own signed in as the demo admin (second factor passed); dispose it when done. */
export async function adminRequest(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseURL(), storageState: await adminState() });
}

/** Opens /admin signed in as the demo admin (the shared session: see adminState). */
export async function signInAdmin(page: Page) {
  await page.context().addCookies((await adminState()).cookies);
  await page.goto('/admin/');
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
