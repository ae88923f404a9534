// What a new visitor meets on a phone and a desktop: forms that hold long values, stable layouts, readable accents in both
// theme variants, the sign-up pages' titles, the 404's wording, no console error signed out, the professional's photos,
// the old public addresses.
import { request as playwrightRequest, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminRequest } from './support/admin';
import { createConfirmedAccount, newPerson, signIn } from './support/accounts';
import { expect, capture, test } from './support/fixtures';
import { signUpThroughForm } from './support/groups';

async function openSignup(page: Page) {
  await page.goto('/auth?mode=signup');
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute('aria-selected', 'true');
  // The form is server-rendered: its validation (an error shown when a field loses focus) runs once the app has started.
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
}

/** The element's right edge is on screen (not cut by the viewport). */
async function expectWithinViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element is drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('a new visitor', () => {
  test('after a sign-up with a long e-mail, the sign-in card fits the screen', async ({ page, consoleGuard }, testInfo) => {
    consoleGuard.allow(/status of (404|503).*\/api\/cep\//); // the e2e server reaches no postal service: the address is typed
    const person = { ...newPerson('Valentina'), email: `e2e-${Date.now().toString(36)}-valentina.albuquerque.cavalcanti@exemplo-de-provedor.com.br` };
    await openSignup(page);
    await signUpThroughForm(page, person);

    await expect(page.getByRole('status').filter({ hasText: 'Enviamos um link de confirmação' })).toBeVisible({ timeout: 15_000 });
    const card = page.locator('.auth__card');
    await expectWithinViewport(page, card);
    await expectWithinViewport(page, page.getByRole('tab', { name: 'Criar conta' }));
    await expectWithinViewport(page, page.getByRole('button', { name: 'Esqueci minha senha' }));
    await expectWithinViewport(page, page.getByRole('button', { name: 'Mostrar senha' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await capture(page, testInfo, 'first-visit-long-email', { fullPage: true });
  });

  test('the password\'s error takes the hint\'s line: the terms checkbox stays where the tap lands', async ({ page }) => {
    await openSignup(page);
    const password = page.getByLabel('Senha', { exact: true });
    const terms = page.getByRole('checkbox', { name: /Li e aceito os Termos de uso/ });
    await password.fill('abc');
    const before = await terms.boundingBox();
    await password.blur();
    await expect(password).toHaveAccessibleDescription('A senha deve ter pelo menos 6 caracteres');
    const after = await terms.boundingBox();
    expect(after!.y).toBe(before!.y);
  });

  test('the placeholders of the address read from the CEP (the UF\'s too) are shown whole', async ({ page }) => {
    await openSignup(page);
    await page.evaluate(() => document.fonts.ready);
    for (const label of ['Rua', 'Bairro', 'Cidade', 'UF']) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.getAttribute('placeholder'), label).toBeTruthy();
      const { text, room } = await input.evaluate((element: HTMLInputElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return { text: context.measureText(element.placeholder).width, room: element.clientWidth - padding };
      });
      expect(text, `${label}'s placeholder`).toBeLessThanOrEqual(room);
    }
  });

  test('the sign-up pages have their own titles and log no error while signed out', async ({ page }) => {
    await page.goto('/professional-signup');
    await expect(page).toHaveTitle('Cadastro de profissional · Turma');
    await page.goto('/influencer-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Seja um influenciador da Turma' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle('Seja um influenciador · Turma');
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  });

  test('the 404 keeps the spec\'s English heading, marked as English, and says it in Portuguese with what to do', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 \(Not Found\).*\/pagina-que-nao-existe/); // the document's own status
    await page.goto('/pagina-que-nao-existe');
    const heading = page.getByRole('heading', { level: 1, name: 'Oops! Page not found' });
    await expect(heading).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Página não encontrada', { exact: true })).toBeVisible();
    await expect(page.getByText(/Volte ao início ou use o menu/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' }).last()).toBeVisible();
  });

  for (const variant of ['golden', 'friendship'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`accent-coloured text reads at 4.5:1 or more (${variant}, ${theme})`, async ({ page }) => {
        await page.addInitScript(
          (chosen) => {
            localStorage.setItem('theme_experiment_variant', chosen.variant);
            localStorage.setItem('theme', chosen.theme);
          },
          { variant, theme },
        );
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('data-theme-variant', variant);
        const worst = await page.evaluate(() => {
          const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
          const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
          const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
          const probe = document.createElement('span');
          // No transition: with reduced motion every property eases over 0.01 ms, and a colour read mid-way is not the theme's.
          probe.style.transition = 'none';
          document.body.append(probe);
          const colour = (css: string, property: 'color' | 'backgroundColor') => {
            probe.style.color = '';
            probe.style.backgroundColor = '';
            probe.style[property] = css;
            return rgb(getComputedStyle(probe)[property]);
          };
          const text = luminance(colour('var(--accent-text)', 'color'));
          let min = Infinity;
          for (const background of ['var(--bg)', 'var(--bg-soft)', 'var(--surface)', 'var(--surface-2)']) {
            const b = luminance(colour(background, 'backgroundColor'));
            min = Math.min(min, (Math.max(text, b) + 0.05) / (Math.min(text, b) + 0.05));
          }
          probe.remove();
          return min;
        });
        expect(worst).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  test('secondary actions are outlined buttons, not plain text', async ({ page, request }) => {
    const person = await createConfirmedAccount(request, newPerson('Otávio'));
    await page.goto('/auth');
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-groups');
    const history = page.getByRole('link', { name: 'Histórico de pagamentos' });
    await expect(history).toBeVisible();
    const { width, contrast } = await history.evaluate((link) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      const style = getComputedStyle(link);
      const border = luminance(rgb(style.borderTopColor));
      const page = luminance(rgb(getComputedStyle(document.body).backgroundColor));
      return { width: parseFloat(style.borderTopWidth), contrast: (Math.max(border, page) + 0.05) / (Math.min(border, page) + 0.05) };
    });
    expect(width).toBeGreaterThanOrEqual(1);
    expect(contrast).toBeGreaterThanOrEqual(3);
  });
});

test('an approved professional manages the portfolio from the dashboard, within 3 to 8 photos', async ({ page, consoleGuard }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await adminRequest();
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { slug: string; kind: string }[] };
  const category = categories.items.find((c) => c.kind === 'service')!;
  const ctx = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  const person = await createConfirmedAccount(ctx, newPerson('Lívia'));
  expect((await ctx.post('/api/auth/login', { data: { email: person.email, password: person.password } })).status()).toBe(200);
  const applied = await ctx.post('/api/professionals/applications', {
    data: {
      category: category.slug,
      business_name: `Ateliê Lívia ${Date.now().toString(36)}`,
      tax_id: person.cpf,
      cep: '01310100',
      address_number: '1000',
      latitude: -23.5614,
      longitude: -46.6559,
      bio: 'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe.',
      pix_key: { type: 'EMAIL', key: person.email },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const photo = (background: string) => sharp({ create: { width: 320, height: 240, channels: 3, background } }).png().toBuffer();
  for (const colour of ['#f80', '#08f', '#0a4']) {
    const uploaded = await ctx.post('/api/me/professional/photos', { multipart: { photo: { name: 'portfolio.png', mimeType: 'image/png', buffer: await photo(colour) } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const { id } = (await applied.json()) as { id: string };
  expect((await admin.post(`/api/admin/professionals/${id}/approve`)).status()).toBe(200);

  await page.goto('/auth');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard\/professional$/);
  await page.getByRole('link', { name: 'Gerenciar fotos' }).click();
  await expect(page).toHaveURL(/\/professional\/photos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos do seu portfólio' })).toBeVisible();
  await expect(page).toHaveTitle('Fotos do portfólio · Turma');
  await expect(page.getByText('3 de 8 fotos')).toBeVisible();

  // A fourth photo, then it is removed again.
  await page.locator('input[type="file"][name="photo"]').setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: await photo('#a0f') });
  await expect(page.getByText('4 de 8 fotos')).toBeVisible();
  await expect(page.getByText('Foto adicionada ao portfólio.')).toBeVisible();
  await page.getByRole('button', { name: 'Remover foto 4' }).click();
  await expect(page.getByText('3 de 8 fotos')).toBeVisible();

  // At three, the page says so, and the server's refusal is a sentence.
  consoleGuard.allow(/status of 409/);
  await expect(page.getByText('Seu perfil precisa de pelo menos 3 fotos', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Remover foto 1' }).click();
  await expect(page.getByText('Não foi possível remover a foto')).toBeVisible();
  await expect(page.getByText('3 de 8 fotos')).toBeVisible();

  // Reordered from the keyboard: the first photo moves to the end (the focus stays on its button), and stays there.
  const photos = page.getByRole('list', { name: 'Fotos do seu trabalho' }).getByRole('img');
  const before = await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
  await page.getByRole('button', { name: 'Mover a foto 1 para depois' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Foto movida para a posição 2 de 3.')).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Foto movida para a posição 3 de 3.')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Mover a foto 3 para depois' })).toBeFocused();
  const moved = [before[1], before[2], before[0]];
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual(moved);
  await expect.poll(async () => ((await (await ctx.get('/api/me/professional')).json()) as { photos: Array<{ url: string }> }).photos.map((p) => p.url)).toEqual(moved);
  await page.reload();
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual(moved);
  await capture(page, testInfo, 'professional-photos', { fullPage: true });

  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/professional$/);
  await ctx.dispose();
});

test('old addresses of the public pages lead to their Portuguese home', async ({ page }) => {
  await page.goto('/profissionais');
  await expect(page).toHaveURL(/\/marketplace\/services$/);
});
