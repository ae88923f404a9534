// The newcomer's rough edges: the phone navigation, real 404s, robots/sitemap/manifest, the join
// notice inside its card, the payment heading after paying, one session for site and back office, and the error screen.
import { completeSecondFactor } from './support/admin';
import { request as apiRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { createConfirmedAccount, newPerson, signIn, type Person } from './support/accounts';
import { expect as baseExpect, capture, test } from './support/fixtures';

// The shared test machine is busy: screens that wait on the API get more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
import { createPlanAsAdmin } from './support/groups';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@turma.local';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Senha-forte-123';

/** A cookie jar of its own (another person), at the test server. */
const jar = (testInfo: TestInfo) => apiRequest.newContext({ baseURL: testInfo.project.use.baseURL });

async function signInThroughForm(page: Page, person: Person) {
  await page.goto('/auth');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Is `inner`'s box inside `outer`'s (1 px of rounding allowed)? */
async function boxInside(page: Page, inner: string, outer: string) {
  const [a, b] = await Promise.all([page.locator(inner).boundingBox(), page.locator(outer).boundingBox()]);
  expect(a && b, `${inner} and ${outer} are on the page`).toBeTruthy();
  return a!.x >= b!.x - 1 && a!.y >= b!.y - 1 && a!.x + a!.width <= b!.x + b!.width + 1 && a!.y + a!.height <= b!.y + b!.height + 1;
}

test.describe('phone navigation', () => {
  test('opens with the keyboard, reaches every section and the account screens, Esc closes', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone navigation shows below 860 px');
    const person = await createConfirmedAccount(request, newPerson('Nina'));
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir o menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panelId = await toggle.getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Fechar o menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Menu do site' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Início' })).toBeFocused();
    for (const name of ['Como funciona', 'Planos', 'Produtos', 'Serviços', 'Entrar']) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name })).toBeFocused();
    }
    await capture(page, testInfo, 'phone-nav-open');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A link goes there and closes the menu.
    await toggle.click();
    await nav.getByRole('link', { name: 'Serviços' }).click();
    await expect(page).toHaveURL(/\/marketplace\/services$/);
    await expect(nav).toBeHidden();

    // Signed in: the person's own screens, "Meus pedidos" and "Notificações" included.
    await signInThroughForm(page, person);
    await page.getByRole('button', { name: 'Abrir o menu' }).click();
    for (const name of ['Meu painel', 'Meus grupos', 'Meus pedidos', 'Notificações', 'Pagamentos', 'Meu perfil'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await capture(page, testInfo, 'phone-nav-signed-in');
    await nav.getByRole('link', { name: 'Meus pedidos' }).click();
    await expect(page).toHaveURL(/\/marketplace\/orders$/);
    // The header keeps to the screen's width (nothing pushed off to the side), and the logo's mark is not squeezed.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await page.locator('.topbar .logo__mark').boundingBox())!.width).toBeGreaterThanOrEqual(24);
    const menuButton = (await page.getByRole('button', { name: 'Abrir o menu' }).boundingBox())!;
    expect(menuButton.x + menuButton.width).toBeLessThanOrEqual(360);
  });

  test("the visitor's top bar fits every phone width, the menu button included", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone widths');
    await page.goto('/');
    // 360 (small Android) to 479 px: from 381 px the logo's name and the controls ran past the right edge.
    for (const width of [360, 375, 390, 393, 412, 414, 430, 450, 479]) {
      await page.setViewportSize({ width, height: 780 });
      const menu = (await page.getByRole('button', { name: 'Abrir o menu' }).boundingBox())!;
      expect(menu.x + menu.width, `the menu button at ${width} px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBe(width);
    }
  });

  test('is absent on desktop, where the account menu has Meus pedidos and Notificações', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop layout');
    const person = await createConfirmedAccount(request, newPerson('Otto'));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Abrir o menu' })).toBeHidden();
    await signInThroughForm(page, person);
    await page.getByRole('button', { name: /Menu da conta de Otto/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Meus pedidos' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Notificações' })).toBeVisible();
  });
});

test.describe('real status codes and crawler files', () => {
  test('an unknown path answers 404 with the not-found screen', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 \(Not Found\).*\/pagina\/que\/nao\/existe/); // the document's own status
    const response = await page.goto('/pagina/que/nao/existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /início|home/i }).last()).toBeVisible();
    expect((await page.goto('/marketplace/products'))?.status()).toBe(200);
  });

  test('robots.txt, sitemap.xml and the manifest are served for real', async ({ request, page }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/marketplace\/products\/[0-9a-f-]{36}<\/loc>/); // the seeded products

    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifestResponse = await request.get(href!);
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
    expect(manifest).toMatchObject({ short_name: 'Turma', start_url: '/', display: 'standalone', theme_color: '#15110e', background_color: '#15110e' });
    const want = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const { sizes, purpose } of want) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose && i.type === 'image/png');
      expect(icon, `${sizes} ${purpose}`).toBeTruthy();
      const png = await request.get(icon!.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const bytes = await png.body();
      // PNG signature, then the IHDR's width and height.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(sizes);
    }
    expect((await request.get('/icons/apple-touch-icon.png')).headers()['content-type']).toBe('image/png');
  });
});

test.describe('rough edges', () => {
  let people: APIRequestContext[] = [];
  test.afterEach(async () => {
    await Promise.all(people.map((p) => p.dispose()));
    people = [];
  });

  test('the "turma cheia" notice stays inside its card; the owner reads their own invite', async ({ page, request }, testInfo) => {
    const plan = await createPlanAsAdmin({ size: 2 });
    const owner = await jar(testInfo);
    const friend = await jar(testInfo);
    people.push(owner, friend);
    const ownerPerson = await createConfirmedAccount(owner, newPerson('Olga'));
    await createConfirmedAccount(friend, newPerson('Fabio'));
    const created = await owner.post('/api/groups', { data: { plan_id: plan.id } });
    expect(created.status(), await created.text()).toBe(201);
    const invitePath = ((await created.json()) as { membership: { invite_path: string } }).membership.invite_path;
    const [, , groupId, code] = invitePath.split('/');
    expect((await friend.post(`/api/groups/${groupId}/join`, { data: { referral_code: code } })).status()).toBe(201);

    // A third person: both places held, the notice says so, inside the card.
    await createConfirmedAccount(request, newPerson('Tina'));
    await page.goto(invitePath);
    const notice = page.locator('.join__card .callout').filter({ hasText: 'Esta turma está cheia no momento' });
    await expect(notice).toBeVisible();
    await capture(page, testInfo, 'join-full-notice', { fullPage: true });
    expect(await boxInside(page, '.join__card .callout', '.join__card')).toBe(true);
    // Its title, text and buttons inside it, and its text right below the title (no empty stretch).
    const noticeBox = (await notice.boundingBox())!;
    for (const part of await notice.locator(':scope > *, a, button').all()) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(noticeBox.x - 1);
      expect(box.y).toBeGreaterThanOrEqual(noticeBox.y - 1);
      expect(box.x + box.width).toBeLessThanOrEqual(noticeBox.x + noticeBox.width + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(noticeBox.y + noticeBox.height + 1);
    }
    const title = (await notice.locator('.callout__title').boundingBox())!;
    const text = (await notice.locator('.callout__title + p').boundingBox())!;
    expect(text.y - (title.y + title.height)).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The owner opening their own link is not "Olga convidou você".
    await signInThroughForm(page, ownerPerson);
    await page.goto(invitePath);
    await expect(page.getByText('Este é o seu convite: compartilhe o link para completar a turma')).toBeVisible();
    await expect(page.getByText(/Olga convidou você/)).toHaveCount(0);
  });

  test('after paying at /payment the heading is in view, below the sticky header', async ({ page, request }, testInfo) => {
    const plan = await createPlanAsAdmin({ size: 2 });
    const person = await createConfirmedAccount(request, newPerson('Paula'));
    await signInThroughForm(page, person);
    const created = await page.request.post('/api/groups', { data: { plan_id: plan.id } });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos em aberto' })).toBeVisible();
    await page.getByRole('button', { name: /Gerar código PIX de R\$\s10,00/ }).click();
    await expect(page.getByRole('img', { name: /QR Code PIX para pagar R\$\s10,00/ })).toBeVisible();
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByText('Pagamento confirmado!').first()).toBeVisible();

    const heading = page.getByRole('heading', { level: 1, name: 'Pagamentos em aberto' });
    await expect(heading).toBeInViewport();
    const header = await page.locator('.topbar').boundingBox();
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await capture(page, testInfo, 'payment-after-paying');
  });

  test('one session: signed in at /admin/login is signed in on the site, and /dashboard sends the admin to /admin', async ({ page }) => {
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Administração da Turma' })).toBeVisible();
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel(/^Senha/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await completeSecondFactor(page);
    await expect(page.getByRole('heading', { name: 'Administração da Turma' })).toBeHidden();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('turma_session'))).toBe('1');
    await page.waitForLoadState('networkidle');
    expect((await page.request.get('/api/me')).status()).toBe(200);

    await page.goto('/');
    await expect(page.getByRole('button', { name: /Menu da conta de/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin\//);
  });

  test('a render failure shows the "Ocorreu um erro" screen', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Falha de renderização provocada/);
    consoleGuard.allow(/render-error|The above error occurred|React Router caught the following error/);
    await page.goto('/dev/render-error');
    await expect(page.getByRole('heading', { level: 1, name: 'Ocorreu um erro' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Tente recarregar a página.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });
});
