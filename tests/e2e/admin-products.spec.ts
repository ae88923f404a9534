// Product catalogue in the back office: the demo admin creates a product at /admin/marketplace/products with
// a price typed in reais and an image uploaded through the server (re-encoded and stored), finds it in the list with
// its image and stock, and deactivates it there; the public catalogue no longer shows it.
import sharp from 'sharp';
import { signInAdmin, searchList } from './support/admin';
import { expect, capture, test } from './support/fixtures';

const EXPECTED_401 = /status of 401/;

test.describe('back office: marketplace products', () => {
  test('create a product with an image, see it in the list, deactivate it', async ({ page, request, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'back office: desktop first');
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED_401);
    const name = `Luminária Teste ${Date.now().toString().slice(-6)}`;
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' } }).png().toBuffer();

    await signInAdmin(page);
    await page.goto('/admin/marketplace/products/create');
    await page.getByLabel(/^Nome/).fill(name);
    await page.getByLabel(/^Preço/).fill('129,90');
    await page.getByLabel(/^Estoque/).fill('5');
    // The invoice's facts: goods by default; an NCM typed with its dots (a wrong one is refused under the field).
    await expect(page.getByRole('combobox', { name: /Natureza fiscal/ })).toHaveText('Mercadoria (NF-e)');
    await page.getByLabel(/^NCM/).fill('9405');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Use os 8 dígitos do NCM, por exemplo 6109.10.00')).toBeVisible();
    await page.getByLabel(/^NCM/).fill('9405.11.90');
    await page.getByLabel('Enviar imagem').setInputFiles({ name: 'luminaria.png', mimeType: 'image/png', buffer: image });
    const thumb = page.getByRole('img', { name: 'Imagem 1' });
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAttribute('src', /^\/media\/products\/uploads\/[0-9a-f-]+\.webp$/);
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page).toHaveURL(/\/admin\/marketplace\/products(\?|$)/);
    await searchList(page, name);
    const row = page.locator('tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('R$ 129,90');
    await expect(row).toContainText('5');
    // The menu lights "Produtos", not the Marketplace overview whose address prefixes it.
    const marketplaceItem = page.getByRole('menuitem', { name: 'Marketplace', exact: true });
    await expect(page.getByRole('menuitem', { name: 'Produtos', exact: true })).toHaveCSS('border-left-color', 'rgb(249, 115, 22)');
    await expect(marketplaceItem).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
    const src = await row.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/media\/products\/uploads\/[0-9a-f-]+\.webp$/);
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    await capture(page, testInfo, 'admin-products-list', { fullPage: true });

    const slug = (await row.locator('td').nth(1).locator('span').nth(1).textContent())!.trim();
    expect((await request.get(`/api/products/${slug}`)).status()).toBe(200);

    // The edit page keeps the NCM as its 8 digits.
    await row.getByText(name).click();
    await expect(page.getByLabel(/^NCM/)).toHaveValue('94051190');
    await page.goBack();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: `Desativar ${name}` }).click();
    await expect(page.getByText(`Produto "${name}" desativado`)).toBeVisible();
    await expect(row.getByText('Inativo', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Ativar ${name}` })).toBeVisible();
    await expect.poll(async () => (await request.get(`/api/products/${slug}`)).status()).toBe(404);

    // The overview counts it among the inactive products.
    await page.goto('/admin/marketplace');
    await expect(page.getByTestId('mk-inactive')).toContainText(/[1-9]/);
    await expect(marketplaceItem).toHaveCSS('border-left-color', 'rgb(249, 115, 22)');
    await expect(page.getByRole('table', { name: 'Pedidos por situação' })).toBeVisible();
    await capture(page, testInfo, 'admin-marketplace-overview', { fullPage: true });
  });

  test('a product category in use cannot be deleted: the pt-BR reason is shown', async ({ page, consoleGuard }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'back office: desktop first');
    consoleGuard.allow(EXPECTED_401);
    // react-admin logs the refused DELETE (409) as a failed request.
    consoleGuard.allow(/status of 409/);
    await signInAdmin(page);
    await page.goto('/admin/marketplace/categories');
    await page.locator('tr').filter({ hasText: 'beleza' }).first().click();
    await expect(page.getByLabel(/^Nome/)).toHaveValue('Beleza');
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(/Esta categoria não pode ser excluída: \d+ produtos? usa/)).toBeVisible();
  });
});
