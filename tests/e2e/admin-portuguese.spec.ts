// The back office speaks Portuguese: every list and show page, on the seeds plus an order, a payment and a group made
// here, is scanned for the server's raw enum values (statuses, purposes, methods, roles, PIX key types…) as whole,
// case-sensitive words of the visible text; e-mails and ids are codes a screen may show. A phone checks the home and a list.
import type { APIRequestContext, Page } from '@playwright/test';
import { AUDIT_ACTIONS } from '../../admin/lib/audit-actions';
import { CAMPAIGN_BONUS_TYPES } from '../../core/campaigns/campaign-rules';
import { GROUP_STATUSES, MEMBER_STATUSES, VOUCHER_STATUSES } from '../../core/groups/group-rules';
import type { USER_STATUSES } from '../../core/identity/ports';
import { ROLES } from '../../core/identity/roles';
import { COMMISSION_STATUSES } from '../../core/influencers/commission-rules';
import { INFLUENCER_STATUSES } from '../../core/influencers/influencer-rules';
import { RETURN_STATUSES } from '../../core/marketplace/order-return';
import { ORDER_STATUSES } from '../../core/marketplace/order-rules';
import { PAYMENT_METHODS, PIX_KEY_TYPES, type LocalPaymentStatus, type PaymentPurpose } from '../../core/payments';
import { PAYOUT_STATUSES } from '../../core/professionals/payout-rules';
import { PROFESSIONAL_STATUSES } from '../../core/professionals/professional-rules';
import { RECEIVABLE_STATUSES } from '../../core/professionals/receivable-rules';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { ADMIN_EMAIL, adminRequest, signInAdmin } from './support/admin';
import { createPlanAsAdmin } from './support/groups';
import { expect, capture, test } from './support/fixtures';
import { paidOrder, pickProducts } from './support/marketplace';

/** Every value of a union, checked complete by the compiler (the payment types have no list of their own in core). */
const all = <T extends string>(values: Record<T, true>) => Object.keys(values) as T[];
const PAYMENT_STATUSES = all<LocalPaymentStatus>({ pending: true, confirmed: true, failed: true, cancelled: true, refund_pending: true, refunded: true, amount_mismatch: true });
const PURPOSES = all<PaymentPurpose>({ entry: true, balance: true, order: true });
const USER_STATUS_VALUES = all<(typeof USER_STATUSES)[number]>({ active: true, blocked: true, unconfirmed: true });

/**
 * The raw values a screen must never show. "CPF", "CNPJ" and "PIX" are also Portuguese words (a label, the method's
 * name), so they are left out; so is "www", which the origin's label quotes ("Site (www)").
 */
const LEGITIMATE = new Set(['CPF', 'CNPJ', 'PIX', 'www']);
const FORBIDDEN = [
  ...new Set<string>([
    ...ORDER_STATUSES,
    ...RETURN_STATUSES,
    ...GROUP_STATUSES,
    ...MEMBER_STATUSES,
    ...VOUCHER_STATUSES,
    ...PROFESSIONAL_STATUSES,
    ...INFLUENCER_STATUSES,
    ...COMMISSION_STATUSES,
    ...RECEIVABLE_STATUSES,
    ...PAYOUT_STATUSES,
    ...ROLES,
    ...USER_STATUS_VALUES,
    ...PAYMENT_STATUSES,
    ...PURPOSES,
    ...PAYMENT_METHODS,
    ...PIX_KEY_TYPES,
    ...CAMPAIGN_BONUS_TYPES,
    ...AUDIT_ACTIONS,
    // Plan and category kinds, campaign bonus statuses, a profile's origin ("influenciador" is also a word), the audit's
    // entity types, a PIX key's kind.
    'service',
    'product',
    'credited',
    'usuario',
    'plan',
    'review',
    'job',
    'email',
    'phone',
  ]),
].filter((token) => !LEGITIMATE.has(token));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whole words: not inside a longer word, a snake_case name, a slug or a dotted code (expire_groups, e2e-service-x, payment.confirmed).
const FORBIDDEN_RE = new RegExp(`(?<![\\p{L}\\p{N}_.-])(${FORBIDDEN.map(escape).join('|')})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}])`, 'gu');
const CODES = [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi];

/** The raw enum values in the page's visible text (the main area, the menu and any open toast), with some context. */
async function rawValues(page: Page): Promise<string[]> {
  let text = await page.locator('body').innerText();
  // A record's raw metadata (the audit log's JSON, in a <pre>) is the one place codes are the content.
  for (const pre of await page.locator('pre').allInnerTexts()) text = text.replace(pre, ' ');
  for (const code of CODES) text = text.replace(code, ' ');
  return [...text.matchAll(FORBIDDEN_RE)].map((m) => text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' '));
}

async function scan(page: Page, path: string, ready: () => Promise<void>) {
  await test.step(`/admin${path}`, async () => {
    await page.goto(`/admin${path}`);
    await ready();
    await expect(page.getByText('Ocorreu um erro')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect.soft(await rawValues(page), `raw values on /admin${path}`).toEqual([]);
  });
}

/** The first id of an admin list (ra-data-simple-rest: a JSON array). */
async function firstId(admin: APIRequestContext, resource: string, filter: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.get(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,0]')}`);
  expect(res.status(), await res.text()).toBe(200);
  const rows = (await res.json()) as Array<{ id: string }>;
  expect(rows.length, `${resource} has a record`).toBeGreaterThan(0);
  return rows[0]!.id;
}

/** "R$ 1.234,56" → 123456. */
const cents = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The page does not scroll sideways: wide parts scroll inside their own box. */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function payEntry(request: APIRequestContext, planId: string) {
  const joined = await request.post('/api/groups', { data: { plan_id: planId } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { group, membership } = (await joined.json()) as { group: { id: string }; membership: { id: string } };
  const pay = await request.post('/api/payments', { data: { purpose: 'entry', ref_id: membership.id, method: 'PIX' } });
  expect(pay.status(), await pay.text()).toBe(201);
  expect((await request.post(`/api/sandbox/payments/${((await pay.json()) as { id: string }).id}/confirm`)).status()).toBe(200);
  return group.id;
}

test.describe('back office: in Portuguese', () => {
  test.use({ colorScheme: 'dark' });

  test('no list or show page shows a raw enum value', async ({ page, request, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the scan runs on desktop; the phone test below checks the home and a list');
    test.setTimeout(240_000);
    consoleGuard.allow(/status of 401/);
    // This run's customer: a paid order (its payment) and a group whose entry is paid.
    const { other } = await pickProducts(request);
    const customer = await createConfirmedAccount(request, newPerson('Iara'));
    const order = await paidOrder(request, other.id, 2);
    const plan = await createPlanAsAdmin({ size: 3 });
    const groupId = await payEntry(request, plan.id);

    const admin = await adminRequest();
    const ids = {
      user: await firstId(admin, 'users', { q: customer.email }),
      professional: await firstId(admin, 'professionals', { status: 'approved' }),
      influencer: await firstId(admin, 'influencers', { status: 'approved' }),
      product: await firstId(admin, 'products'),
      audit: await firstId(admin, 'audit-logs'),
    };
    await admin.dispose();

    await signInAdmin(page);
    const title = (text: string | RegExp) => () => expect(page.locator('#react-admin-title')).toContainText(text);
    // A list is drawn once its rows (or its empty message) are in and nothing more is loading.
    const rows = async () => {
      await expect(page.locator('.RaList-content, .RaList-noResults, .RaEmpty-message').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    };

    // A status tab shows its rows or says what it lacks (with the other tabs), never "no results with the current filters".
    const tab = (name: string) => async () => {
      await title(name)();
      await rows();
      await expect(page.getByText('com os filtros atuais')).toHaveCount(0);
    };

    await scan(page, '/', () => expect(page.getByTestId('dashboard-today')).toBeVisible());
    await expect(page.getByText('Em breve')).toHaveCount(0);
    await scan(page, '/analytics', title('Análises'));
    await scan(page, '/marketplace', title('Marketplace'));
    await scan(page, '/financial-reports', () => expect(page.getByTestId('financial-table')).toBeVisible());
    await expectFits(page);
    // The 17 columns scroll inside their card at 1280 px, and the period column stays in view.
    const region = page.getByRole('region', { name: 'Relatórios financeiros' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByTestId('financial-table').getByRole('rowheader', { name: 'Total' })).toBeInViewport();
    await capture(page, testInfo, 'admin-financial-scrolled');
    await scan(page, '/fiscal', title('Fiscal'));
    await expectFits(page);
    for (const path of ['/plans', '/plan-categories', '/marketplace/products', '/marketplace/categories', '/marketplace/orders', '/groups', '/users', '/reviews', '/triggers', '/audit-logs']) {
      await scan(page, path, rows);
    }
    await scan(page, '/campaigns', title('Campanhas'));
    for (const status of PROFESSIONAL_STATUSES) {
      await scan(page, `/professionals?filter=${encodeURIComponent(JSON.stringify({ status }))}`, tab('Profissionais'));
    }
    for (const status of INFLUENCER_STATUSES) {
      await scan(page, `/influencers?filter=${encodeURIComponent(JSON.stringify({ status }))}`, tab('Influenciadores'));
    }

    await scan(page, `/marketplace/orders/${order.id}`, () => expect(page.getByRole('heading', { name: order.number, exact: true })).toBeVisible());
    // Items, freight and total add up, each amount on one line.
    const [subtotal, shipping, total] = await Promise.all(['order-subtotal', 'order-shipping', 'order-total'].map(async (id) => cents(await page.getByTestId(id).locator('td').nth(1).innerText())));
    expect(subtotal! + shipping!).toBe(total);
    for (const id of ['order-subtotal', 'order-shipping', 'order-total']) {
      const cell = page.getByTestId(id).locator('td').nth(1);
      const lines = await cell.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${id}'s amount on one line`).toBe(1);
    }
    await capture(page, testInfo, 'admin-portuguese-order', { fullPage: true });
    await scan(page, `/groups/${groupId}/show`, () => expect(page.getByText(plan.name).first()).toBeVisible());
    await scan(page, `/users/${ids.user}/show`, () => expect(page.getByRole('heading', { name: customer.fullName, level: 1 })).toBeVisible());
    await scan(page, `/professionals/${ids.professional}/show`, () => expect(page.getByText('Chave PIX para repasses')).toBeVisible());
    await scan(page, `/influencers/${ids.influencer}/show`, () => expect(page.getByText('Chave PIX')).toBeVisible());
    await scan(page, `/plans/${plan.id}`, () => expect(page.getByLabel('Nome')).toHaveValue(plan.name));
    await scan(page, `/marketplace/products/${ids.product}`, () => expect(page.getByLabel('Nome')).not.toHaveValue(''));
    await scan(page, `/audit-logs/${ids.audit}/show`, title('Registro de auditoria'));
  });

  test('on a phone the home and a list read in Portuguese and fit the screen', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the desktop test scans every page');
    await signInAdmin(page);
    await expect(page.getByTestId('dashboard-today')).toBeVisible();
    const sections = page.getByTestId('dashboard-sections');
    await expect(sections.getByRole('link', { name: /Profissionais/ })).toBeVisible();
    await expect(page.getByText('Em breve')).toHaveCount(0);
    expect(await rawValues(page)).toEqual([]);
    await expectFits(page);
    await capture(page, testInfo, 'admin-home', { fullPage: true });

    await sections.getByRole('link', { name: /Profissionais/ }).click();
    await expect(page).toHaveURL(/\/admin\/professionals/);
    await expect(page.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('nenhum resultado com os filtros atuais')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Aprovados' }).click();
    await expect(page.getByText('Estúdio Traço Fino')).toBeVisible();
    expect(await rawValues(page)).toEqual([]);
    await expectFits(page);
    await capture(page, testInfo, 'admin-professionals', { fullPage: true });

    // Lists with nothing but filters open on their search, right under the app bar (an empty toolbar once took a band).
    for (const [path, placeholder] of [['/admin/users', 'Nome, e-mail ou CPF'], ['/admin/triggers', 'Buscar']] as const) {
      await page.goto(path);
      const search = page.getByPlaceholder(placeholder).first();
      await expect(search).toBeVisible();
      const bar = (await page.locator('header').first().boundingBox())!;
      expect((await search.boundingBox())!.y - (bar.y + bar.height), path).toBeLessThan(40);
      await expectFits(page);
    }

    // The phone's users list (admin/resources/users/List.tsx draws it): each row a link, the name with its status, then
    // the e-mail and the role; a tap opens the account.
    await page.goto('/admin/users');
    const rows = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    // The newest accounts come first, so the demo admin's row is looked for with the list's own search.
    await page.getByPlaceholder('Nome, e-mail ou CPF').fill(ADMIN_EMAIL);
    await expect(page).toHaveURL(/filter=.*q/);
    const adminRow = rows.filter({ hasText: ADMIN_EMAIL });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow).toContainText('Administração Turma');
    await expect(adminRow).toContainText('Ativa');
    await expect(adminRow).toContainText('Administrador');
    await adminRow.click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Administração Turma' })).toBeVisible();
  });
});
