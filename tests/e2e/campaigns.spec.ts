// In the browser: the demo admin creates a campaign in /admin/campaigns (fixed bonus, cap, budget),
// sees it on its show page with spent/budget, the landing shows the offer, and ending it (audited) takes it off the
// landing. The e2e database lives for the whole run (both projects): a campaign left running is ended first.
import type { Page } from '@playwright/test';
import { signInAdmin } from './support/admin';
import { expect, capture, test } from './support/fixtures';

/** One campaign at a time: end whatever a previous run left active, through the admin API (the page's session). */
async function endRunningCampaigns(page: Page) {
  const res = await page.request.get(`/api/admin/campaigns?filter=${encodeURIComponent('{"status":"active"}')}&range=[0,99]`);
  expect(res.status()).toBe(200);
  for (const c of (await res.json()) as Array<{ id: string }>) {
    expect((await page.request.post(`/api/admin/campaigns/${c.id}/end`, { data: {} })).status()).toBe(200);
  }
}

test.describe('back office: campaigns', () => {
  test('an admin creates a campaign and the landing shows its offer; ending it takes the offer away', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const name = `Convide e ganhe ${Date.now().toString(36)}`;
    await signInAdmin(page);
    await endRunningCampaigns(page);

    await page.goto('/admin/campaigns');
    await expect(page.getByRole('heading', { name: 'Campanhas' })).toBeVisible();
    await page.getByRole('link', { name: 'Criar' }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns\/create$/);
    await page.getByLabel(/^Nome/).fill(name);
    // The period defaults to now → 30 days; a fixed bonus of R$ 12,50, at most R$ 50,00 per person, R$ 2.000,00 in all.
    await page.getByLabel(/^Bônus por convite que completa/).fill('12,50');
    await page.getByLabel(/^Limite por pessoa/).fill('50,00');
    await page.getByLabel(/^Orçamento/).fill('2.000,00');
    await capture(page, testInfo, 'admin-campaign-create', { fullPage: testInfo.project.name === 'desktop' });
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]+\/show$/);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(page.getByText('R$\u00a00,00 / R$\u00a02.000,00')).toBeVisible();
    await expect(page.getByText('Nenhum bônus pago ainda.')).toBeVisible();
    await capture(page, testInfo, 'admin-campaign-show', { fullPage: testInfo.project.name === 'desktop' });

    // The public side: the landing's offer banner.
    const visitor = await page.context().browser()!.newPage({ viewport: page.viewportSize()!, locale: 'pt-BR' });
    await visitor.goto('/');
    const offer = visitor.getByRole('complementary', { name: `Campanha: ${name}` });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Convide amigos e ganhe R$\u00a012,50 em crédito por amigo que completar uma turma');
    await expect(offer).toContainText('Até R$\u00a050,00 por pessoa');
    await capture(visitor, testInfo, 'landing-campaign-offer');

    // End it from the show page (confirmed); the landing no longer offers it.
    await page.getByRole('button', { name: 'Encerrar campanha' }).click();
    await page.getByRole('dialog', { name: 'Encerrar esta campanha?' }).getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Campanha encerrada', { exact: true })).toBeVisible();
    await expect(page.getByText('Encerrada', { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByTestId('campaign-offer')).toHaveCount(0);
    await visitor.close();
  });
});
