// The theme experiment in the browser and /admin/analytics: a visitor gets a variant that is
// kept across reloads and painted as the primary hue, a click on the landing's "Ver planos" reaches the server in a
// batch (seen through the admin's experiment report), and the admin opens /admin/analytics and sees the variants.
import type { Browser, Page } from '@playwright/test';
import { openMenuItem, signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';

const HUES: Record<string, string> = { golden: '45', friendship: '25' };

interface VariantRow {
  variant: string;
  participants: number;
  interactions: number;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

async function experimentReport(admin: Page): Promise<VariantRow[]> {
  const res = await admin.request.get('/api/admin/reports/experiments?experiment=theme_variant_r14');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { variants: VariantRow[] }).variants;
}

test.describe('theme experiment', () => {
  test('a visitor keeps one variant across reloads, sees its hue, and a landing click reaches the server', async ({ page, browser }, testInfo) => {
    const enrolled = page.waitForResponse((r) => r.url().endsWith('/api/experiments/participants') && r.status() === 201);
    await page.goto('/');
    const participant = (await (await enrolled).json()) as { id: string; variant: string };
    const variant = await page.evaluate(() => window.localStorage.getItem('theme_experiment_variant'));
    expect(['golden', 'friendship']).toContain(variant);
    expect(participant.variant).toBe(variant);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme-variant', variant!);
    const orange = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--orange').trim());
    expect(orange.split(' ')[0]).toBe(HUES[variant!]);

    // Reloads keep the variant and the participant (idempotent per anonymous id).
    for (let i = 0; i < 2; i++) {
      const again = page.waitForResponse((r) => r.url().endsWith('/api/experiments/participants') && r.status() === 201);
      await page.reload();
      expect(((await (await again).json()) as { id: string }).id).toBe(participant.id);
      await expect(html).toHaveAttribute('data-theme-variant', variant!);
    }

    const admin = await adminPage(browser);
    const before = (await experimentReport(admin)).find((v) => v.variant === variant)!;
    expect(before.participants).toBeGreaterThanOrEqual(1);

    // The click is queued and leaves in the next batch (a few seconds later), without slowing the page.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/experiments/events') && r.method() === 'POST', { timeout: 15_000 });
    const hero = page.getByRole('region', { name: 'Pague só a entrada. A turma leva você até lá.' });
    await hero.getByRole('link', { name: 'Ver planos' }).click();
    const request = await sent;
    const batch = request.postDataJSON() as { events: Array<{ participant_id: string; event_type: string; event_name: string }> };
    expect(batch.events).toEqual(expect.arrayContaining([expect.objectContaining({ participant_id: participant.id, event_type: 'interaction', event_name: 'landing.see_plans' })]));
    await expect.poll(async () => (await experimentReport(admin)).find((v) => v.variant === variant)!.interactions).toBeGreaterThan(before.interactions);

    await page.evaluate(() => window.scrollTo(0, 0));
    await capture(page, testInfo, `experiments-landing-${variant}`);
    await admin.context().close();
  });

  test('the admin opens /admin/analytics and sees the funnel and the variants\' figures', async ({ page, browser }, testInfo) => {
    // A visitor of each page load at least: this browser enrols one.
    const enrolled = page.waitForResponse((r) => r.url().endsWith('/api/experiments/participants') && r.status() === 201);
    await page.goto('/');
    const { variant } = (await (await enrolled).json()) as { variant: string };

    const admin = await adminPage(browser);
    await openMenuItem(admin, 'Análises');
    await expect(admin).toHaveURL(/\/admin\/analytics$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Análises' })).toBeVisible();
    await expect(admin.getByText(/Visitas = participantes do experimento de tema criados no período/)).toBeVisible();

    const byVariant = admin.getByRole('table', { name: 'Funil por variante do tema' });
    await expect(byVariant).toBeVisible();
    const label = variant === 'golden' ? 'Dourado (golden)' : 'Amizade (friendship)';
    const row = byVariant.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: label }) });
    // The visits cell holds at least this visitor.
    await expect(row.getByRole('cell').first()).not.toHaveText('0');
    await expect(admin.getByRole('table', { name: 'Funil por origem' }).getByRole('rowheader', { name: 'Total' })).toBeVisible();

    const card = admin.getByTestId(`variant-${variant}`);
    await expect(card).toContainText(label);
    await expect(card).toContainText(/\d+ conversões de [1-9]\d* participantes/);
    await expect(card).toContainText('%');
    await expect(admin.getByRole('heading', { name: 'Teste A/B: conversão por variante' })).toBeVisible();
    await expect(admin.getByTestId('significance').or(admin.getByText('Ainda não há dados suficientes nas duas variantes para o teste.'))).toBeVisible();

    await admin.setViewportSize(page.viewportSize()!);
    await capture(admin, testInfo, 'admin-analytics', { fullPage: true });

    // A reversed range is refused on the screen before any request.
    await admin.getByLabel('De', { exact: true }).fill('2030-01-10');
    await expect(admin.getByText('A data final deve ser igual ou posterior à inicial.')).toBeVisible();
    await admin.context().close();
  });
});
