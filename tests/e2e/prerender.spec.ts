// The public pages arrive rendered by the server: with JavaScript off, the landing, the catalogue, a
// product, the services and an invite already show their text (and their Open Graph title). Client-rendered pages
// arrive as the app's skeleton and start the app at once; the shared links' screens are server-rendered and hydrated.
import { request as apiRequest, type Page, type TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createPlanAsAdmin } from './support/groups';

interface Named {
  id: string;
  name: string;
  kind?: string;
}

const jar = (testInfo: TestInfo) => apiRequest.newContext({ baseURL: testInfo.project.use.baseURL });

/** Holds the app back (web/boot.tsx: everything but the small entry runs after the first paint); call the result to let it load. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing, catalogue, a product, the services and an invite show their text', async ({ page, request }, testInfo) => {
    const plans = ((await (await request.get('/api/plans')).json()) as { items: Named[] }).items;
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=12')).json()) as { items: Named[] }).items;
    const services = ((await (await request.get('/api/plans?kind=service')).json()) as { items: Named[] }).items;
    expect(plans.length, 'seeded plans').toBeGreaterThan(0);
    expect(products.length, 'seeded products').toBeGreaterThan(0);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Pague só a entrada. A turma leva você até lá.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Planos disponíveis' }).getByText(plans[0]!.name, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveTitle('Turma — compra em grupo');

    await page.goto('/marketplace/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
    await expect(page.getByText(products[0]!.name, { exact: true }).first()).toBeVisible();
    await expect(page).toHaveTitle('Produtos · Turma');

    await page.goto(`/marketplace/products/${products[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: products[0]!.name })).toBeVisible();
    await expect(page).toHaveTitle(`${products[0]!.name} · Turma`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${products[0]!.name} · Turma`);

    await page.goto('/marketplace/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
    if (services[0]) await expect(page.getByText(services[0].name, { exact: true }).first()).toBeVisible();

    const owner = await jar(testInfo);
    try {
      const plan = await createPlanAsAdmin({ size: 3 });
      await createConfirmedAccount(owner, newPerson('Iolanda'));
      const created = await owner.post('/api/groups', { data: { plan_id: plan.id } });
      expect(created.status(), await created.text()).toBe(201);
      const invitePath = ((await created.json()) as { membership: { invite_path: string } }).membership.invite_path;
      await page.goto(invitePath);
      await expect(page.getByText(/Iolanda/).first()).toBeVisible();
      await expect(page.getByText(plan.name).first()).toBeVisible();
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`Iolanda convidou você para a turma de ${plan.name}`);
    } finally {
      await owner.dispose();
    }
  });
});

test.describe('with JavaScript', () => {
  // The heading the server sent, captured before any of the app's scripts run (module scripts run after the document
  // reaches 'interactive'); hydration keeps that very node, a client render would replace it.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector('#root h1');
      });
    });
  });

  const hydratedInPlace = (page: import('@playwright/test').Page) =>
    page.waitForFunction(() => {
      const h1 = document.querySelector('#root h1');
      const owned = !!h1 && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
      return owned ? { same: h1 === (window as unknown as { __serverH1: Element | null }).__serverH1 } : false;
    });

  test('a signed-out visitor gets the server pages hydrated, with no mismatch logged', async ({ page, request }) => {
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=12')).json()) as { items: Named[] }).items;
    for (const path of ['/', '/marketplace/products', `/marketplace/products/${products[0]!.id}`, '/marketplace/services']) {
      await page.goto(path);
      expect((await (await hydratedInPlace(page)).jsonValue()) as { same: boolean }, path).toEqual({ same: true });
    }
    // The hydrated page works: the search field filters the catalogue.
    await page.goto('/marketplace/products');
    await hydratedInPlace(page);
    await page.getByRole('searchbox').first().fill(products[0]!.name);
    await expect(page).toHaveURL(/[?&]q=/);
  });

  test('a visitor who chose en-US gets a client render over the pt-BR server page, with no mismatch logged', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await page.goto('/');
    expect((await (await hydratedInPlace(page)).jsonValue()) as { same: boolean }).toEqual({ same: false });
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Pague só a entrada. A turma leva você até lá.');
  });

  test('the app starts after the first paint; a button pressed before it is ready is replayed once it is', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    // The page is there and painted, without the app.
    await expect(page.getByRole('heading', { level: 1, name: 'Pague só a entrada. A turma leva você até lá.' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    const plans = page.getByRole('region', { name: 'Planos disponíveis' });
    const button = plans.getByRole('button', { name: /^Quero este/ }).first();
    test.skip((await button.count()) === 0, 'the catalogue is empty on this server');
    await button.click();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/); // nothing happened yet: no app
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // Replayed: the plan waits for the checkout while the visitor signs in.
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a language chosen and a page scrolled before the app is ready are kept once it is', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Pague só a entrada. A turma leva você até lá.' })).toBeVisible();
    await page.getByLabel('Idioma').selectOption('en-US');
    await page.getByRole('heading', { level: 2, name: 'Como funciona' }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // The choice is made once the whole page is the app's (no hydration mismatch: the console guard would see it).
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    // The router did not scroll the visitor back to the top when it started.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  });

  test('a search typed and sent before the app is ready reaches the app', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/marketplace/products');
    const search = page.getByRole('searchbox');
    await search.fill('garrafa');
    await search.press('Enter');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/marketplace\/products$/); // no app yet, and the form was not sent natively
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page).toHaveURL(/\/marketplace\/products\?q=garrafa$/);
    await expect(search).toHaveValue('garrafa');
  });

  test('a field typed into and a button pressed before the app is ready are replayed in order', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 404/); // the CEP lookup has no postal service behind it on the test server
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=12')).json()) as { items: Named[] }).items;
    test.skip(products.length === 0, 'the catalogue is empty on this server');
    const release = await holdTheApp(page);
    await page.goto(`/marketplace/products/${products[0]!.id}`);
    const calculator = page.getByRole('region', { name: 'Calcular frete' });
    await calculator.getByLabel('CEP de entrega').fill('9057');
    await calculator.getByRole('button', { name: 'Calcular' }).click();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // The button saw the text typed before it: a CEP too short, not an empty field.
    await expect(calculator.getByRole('alert')).toHaveText('O CEP deve ter 8 dígitos');
    await expect(calculator.getByLabel('CEP de entrega')).toHaveValue('9057');
  });

  test('text typed before the app is ready survives a page the app draws afresh (a visitor with a cart)', async ({ page, request }) => {
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=12')).json()) as { items: Array<Named & { price: number }> }).items;
    test.skip(products.length === 0, 'the catalogue is empty on this server');
    const line = { id: products[0]!.id, name: products[0]!.name, price: products[0]!.price, quantity: 1, image_url: null, stock_quantity: null, item_type: 'product', plan_id: null };
    await page.addInitScript((value) => localStorage.setItem('turma_cart', value), JSON.stringify([line]));
    const release = await holdTheApp(page);
    await page.goto('/auth');
    await page.getByLabel('E-mail ou telefone').fill('lia@example.com');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // The page was drawn afresh (the cart differs from the server's), and the new field has the text typed.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Carrinho: 1 ite/ })).toBeVisible();
    await expect(page.getByLabel('E-mail ou telefone')).toHaveValue('lia@example.com');
  });

  test("a press before the app is ready survives a page the app draws afresh, though the server's HTML began with its picture hints (a visitor with a cart)", async ({ page, request }) => {
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=48')).json()) as { items: Array<Named & { price: number; stock_state: string }> }).items;
    const inCart = products[0];
    const added = products.find((p) => p.id !== inCart?.id && p.stock_state === 'available');
    test.skip(!inCart || !added, 'the catalogue has fewer than two products on sale on this server');
    const line = { id: inCart!.id, name: inCart!.name, price: inCart!.price, quantity: 1, image_url: null, stock_quantity: null, item_type: 'product', plan_id: null };
    await page.addInitScript((value) => localStorage.setItem('turma_cart', value), JSON.stringify([line]));
    const release = await holdTheApp(page);
    await page.goto(`/marketplace/products?q=${encodeURIComponent(added!.name)}`);
    // The server's page starts #root with <link rel=preload> for its first pictures; the app drawn afresh puts them in
    // <head>, so the button is found again by its place among what is drawn.
    expect(await page.locator('#root > link[rel="preload"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Adicionar ${added!.name} ao carrinho` }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho: 2 itens' })).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]').getByText('Adicionado ao carrinho')).toBeVisible();
  });

  test('every press of a button before the app is ready counts once it is', async ({ page, request }) => {
    const products = ((await (await request.get('/api/products?sort=newest&page=1&per_page=48')).json()) as { items: Array<Named & { stock_quantity: number | null }> }).items;
    const roomy = products.find((p) => p.stock_quantity === null || p.stock_quantity >= 4);
    test.skip(!roomy, 'no product with four units in stock on this server');
    const release = await holdTheApp(page);
    await page.goto(`/marketplace/products/${roomy!.id}`);
    const more = page.getByRole('button', { name: `Aumentar quantidade de ${roomy!.name}` });
    for (let i = 0; i < 3; i++) await more.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // Three taps on "+" while the app downloaded: 1 + 3, not 1 + 1.
    await expect(page.getByRole('group', { name: `Quantidade de ${roomy!.name}` }).getByRole('status')).toHaveText('4');
  });
});

test.describe('client-rendered pages and shared links', () => {
  /** The page's layout shifts (CLS's entries) from the start, kept on window for the test to read. */
  const recordShifts = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __shifts: number[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.__shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });

  test('a client-rendered page (the influencer sign-up) in a fresh page: the skeleton at once, the app started without waiting for a paint, no shift when the screen arrives', async ({ page }) => {
    await recordShifts(page);
    const release = await holdTheApp(page);
    await page.goto('/influencer-signup');
    // Before any of the app runs: the top bar and 'Carregando...', from the server.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Carregando\.\.\.$/ })).toBeVisible();
    // Started by the entry itself (not by the first paint, nor by the 3 s fallback).
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'shell');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.getByRole('heading', { level: 1, name: 'Seja um influenciador da Turma' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Carregando\.\.\.$/ })).toHaveCount(0);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
  });

  test("the cart in a fresh page: its frame from the server before the app, hydrated in place, then the visitor's own lines (none, then one) with no shift", async ({ page, request }) => {
    await recordShifts(page);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector('#root h1');
      });
    });
    const release = await holdTheApp(page);
    await page.goto('/marketplace/cart');
    // Before any of the app runs: the heading, its lead and the lines' place loading, never a guess that it is empty.
    await expect(page.getByRole('heading', { level: 1, name: 'Seu carrinho' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando seu carrinho...' })).toBeVisible();
    await expect(page.getByText('Seu carrinho está vazio')).toHaveCount(0);
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'paint');
    await expect(page.getByText('Seu carrinho está vazio')).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('#root h1') === (window as unknown as { __serverH1: Element | null }).__serverH1)).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);

    // A visitor with a line in this browser: the same frame from the server, then the line (drawn by the app).
    const product = ((await (await request.get('/api/products?sort=newest&page=1&per_page=1')).json()) as { items: Array<Named & { price: number; image_url: string | null; stock_quantity: number | null }> }).items[0]!;
    await page.evaluate((p) => localStorage.setItem('turma_cart', JSON.stringify([{ id: p.id, name: p.name, price: p.price, quantity: 1, image_url: p.image_url, stock_quantity: p.stock_quantity, item_type: 'product', plan_id: null }])), product);
    await page.goto('/marketplace/cart');
    await expect(page.getByRole('heading', { level: 2, name: product.name })).toBeVisible();
    await expect(page.getByText('Seu carrinho está vazio')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Carregando seu carrinho...' })).toHaveCount(0);
  });

  test('/auth in a fresh page: the form before the app, started at its first paint (not by the 3 s fallback), then it works', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/auth');
    await expect(page.getByLabel('E-mail').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'paint');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    // The hydrated form answers: the sign-up tab opens.
    await page.getByRole('tab', { name: /Criar conta/ }).click();
    await expect(page.getByLabel('Nome completo')).toBeVisible();
  });

  test('a server-rendered page still starts the app at its first paint', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'paint');
  });

  test("every chunk a server-rendered screen lists is preloaded, though they are added a few per task", async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    const listed = JSON.parse((await page.locator('#turma-screen-chunks').textContent()) ?? '[]') as string[];
    expect(listed.length).toBeGreaterThan(4); // more than one task's worth
    await expect
      .poll(() => page.evaluate((files) => files.filter((f) => !document.head.querySelector(`link[rel="modulepreload"][href="${f}"]`)), listed))
      .toEqual([]);
  });

  test("a referral link lands on the landing with the code before the app (the server redirects); one naming a plan shows 'Redirecionando…' first", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 40[04]/); // the unknown plan
    const release = await holdTheApp(page);
    await page.goto('/r/TURMA10');
    await expect(page).toHaveURL(/\/\?inf=TURMA10$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pague só a entrada. A turma leva você até lá.' })).toBeVisible();
    await page.goto('/r/TURMA10?plano=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Redirecionando…' })).toBeVisible();
    release();
    // An unknown plan: the landing, as for an unknown code.
    await expect(page).toHaveURL(/\/\?inf=TURMA10$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pague só a entrada. A turma leva você até lá.' })).toBeVisible();
  });

  test("the e-mail's link shows 'Confirmando seu e-mail...' before the app; a spent link then says so", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400|status of 404|status of 410/);
    const release = await holdTheApp(page);
    await page.goto('/auth/callback?token=nao-existe');
    await expect(page.getByRole('status').filter({ hasText: 'Confirmando seu e-mail...' })).toBeVisible();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a professional's public profile is hydrated in place", async ({ page, request }) => {
    const nearby = await request.get('/api/professionals/nearby?lat=-23.56&lng=-46.65&radius_km=50');
    const items = ((await nearby.json()) as { items?: Array<{ id: string; business_name: string }> }).items ?? [];
    test.skip(items.length === 0, 'no approved professional on this server');
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector('#root h1');
      });
    });
    await page.goto(`/profissionais/${items[0]!.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'paint');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    const same = await page.evaluate(() => document.querySelector('#root h1') === (window as unknown as { __serverH1: Element | null }).__serverH1);
    expect(same).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: items[0]!.business_name })).toBeVisible();
  });
});
