// The public landing and its surroundings (docs/product/spec.md §2): hero, how it works, plans, FAQ, footer,
// info pages, 404, theme and language, in the built app served by the real server.
// Works whether GET /api/plans answers an empty catalogue or seeded plans.
import { expect, capture, scrollThroughPage, test } from './support/fixtures';

const HERO_TITLE = 'Pague só a entrada. A turma leva você até lá.';
const STEPS = ['Escolha o plano', 'Pague a entrada', 'Forme sua turma', 'A turma completa e você é recompensado'];

test.describe('landing', () => {
  test('shows the hero, COMEÇAR AGORA, the four steps and the plans section', async ({ page }) => {
    await page.goto('/');

    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'Turma — página inicial' })).toBeVisible();
    await expect(topBar.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/auth');

    const hero = page.getByRole('region', { name: HERO_TITLE });
    await expect(hero.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    await expect(hero.getByText(/pague apenas 10% de entrada/)).toBeVisible();
    await expect(hero.getByRole('link', { name: 'COMEÇAR AGORA' })).toHaveAttribute('href', '/auth');
    await expect(hero.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '#planos');

    const how = page.getByRole('region', { name: 'Como funciona' });
    await expect(how.getByRole('listitem')).toHaveCount(4);
    for (const step of STEPS) {
      await expect(how.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }

    // The catalogue finishes loading into either the empty state or plan cards, never the error.
    const plans = page.getByRole('region', { name: 'Planos disponíveis' });
    await expect(plans).toHaveAttribute('aria-busy', 'false');
    await expect(plans.getByRole('alert')).toHaveCount(0);
    const firstPlan = plans.getByRole('button', { name: /^Quero este/ }).first();
    await expect(plans.getByText('Nenhum plano disponível no momento').or(firstPlan)).toBeVisible();

    await expect(page).toHaveTitle('Turma — compra em grupo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('COMEÇAR AGORA opens /auth', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'COMEÇAR AGORA' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar ou criar conta' })).toBeVisible();
  });

  test('Ver planos jumps to the #planos section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Ver planos' }).click();
    await expect(page).toHaveURL(/\/#planos$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Planos disponíveis' })).toBeInViewport();
  });

  test('"Quero este" keeps the plan as the checkout to resume after login (when the catalogue has plans)', async ({ page }) => {
    await page.goto('/');
    const plans = page.getByRole('region', { name: 'Planos disponíveis' });
    await expect(plans).toHaveAttribute('aria-busy', 'false');
    const buttons = plans.getByRole('button', { name: /^Quero este/ });
    test.skip((await buttons.count()) === 0, 'the catalogue is empty on this server');

    const card = plans.getByRole('article').first();
    await expect(card.getByText(/^Entrada de R\$/)).toBeVisible();
    await expect(card.getByText(/^Turma de \d+ pessoas?$/)).toBeVisible();
    await buttons.first().click();
    // /checkout/plan is signed-in only: the plan waits in post_login_redirect while the visitor signs in.
    await expect(page).toHaveURL(/\/auth$/);
    const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('post_login_redirect') ?? 'null'));
    expect(pending).toMatchObject({ action: 'checkout_plan', plan: { item_type: 'plan' } });
    expect(pending.plan_id).toBe(pending.plan.id);
    expect(Object.keys(pending.plan).sort()).toEqual(['description', 'entry_price', 'full_price', 'id', 'item_type', 'name', 'price']);
  });

  test('the FAQ loads on approach and expands a question', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Perguntas frequentes' });
    await faq.getByRole('heading', { level: 2, name: 'Perguntas frequentes' }).scrollIntoViewIfNeeded();

    const question = faq.getByRole('button', { name: 'E se a turma não completar no prazo?' });
    await expect(question).toBeVisible();
    expect(await faq.getByRole('button').count()).toBeGreaterThanOrEqual(8);
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    const answer = faq.getByText(/entradas pagas são reembolsadas automaticamente/);
    await expect(answer).toBeHidden();

    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();

    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
  });

  test('the services and marketplace showcases load with their links', async ({ page }) => {
    await page.goto('/');
    const services = page.getByRole('region', { name: 'Profissionais aprovados, perto de você' });
    await services.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    await expect(services.getByRole('link', { name: 'Ver todos os serviços' })).toHaveAttribute('href', '/marketplace/services');
    // Service plans of the catalogue, or the showcase's own empty state.
    await expect(services.getByText('Nenhum serviço disponível no momento.').or(services.getByRole('list', { name: 'Serviços com turma aberta' }))).toBeVisible();

    const market = page.getByRole('region', { name: 'Produtos com entrega na sua casa' });
    await market.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
    await expect(market.getByRole('link', { name: 'Explorar produtos' })).toHaveAttribute('href', '/marketplace/products');
  });
});

test.describe('footer and information pages', () => {
  test('footer links, social profiles and copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links: Array<[string, string]> = [
      ['Termos de uso', '/terms'],
      ['Política de privacidade', '/privacy'],
      ['Seja um profissional parceiro', '/professional-signup'],
      ['Seja um influenciador', '/influencer-signup'],
      ['Sobre nós', '/about'],
      ['Contato', '/contact'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const name of [/WhatsApp/, /Instagram/, /YouTube/]) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The current year (São Paulo), drawn alike by the server render and the browser.
    await expect(footer.getByText(`© ${new Date().toLocaleDateString('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' })} Turma`)).toBeVisible();
  });

  test('the footer opens /terms with every section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de uso' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeVisible();
    const sections = [
      '1. Aceitação dos termos',
      '2. Sobre o serviço',
      '3. Responsabilidades do usuário',
      '4. Pagamentos e reembolsos',
      '5. Limitação de responsabilidade',
      '6. Alterações destes termos',
      '7. Contato',
    ];
    for (const name of sections) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeAttached();
    }
    await expect(page.getByRole('link', { name: 'suporte@turma.com.br' })).toHaveAttribute('href', 'mailto:suporte@turma.com.br');
    await expect(page).toHaveTitle('Termos de uso · Turma');
  });

  test('/privacy lists the LGPD sections and the privacy e-mail', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible();
    for (const name of ['Dados que coletamos', 'Como usamos', 'Compartilhamento', 'Segurança', 'Seus direitos', 'Cookies', 'Retenção', 'Alterações desta política', 'Contato']) {
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeAttached();
    }
    await expect(page.getByText(/Lei 13\.709\/2018/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacidade@turma.com.br' }).first()).toHaveAttribute('href', 'mailto:privacidade@turma.com.br');
  });

  test('/contact gives the support and privacy e-mails', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Fale com a gente' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'suporte@turma.com.br' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacidade@turma.com.br' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Conversar no WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  });
});

test.describe('screens and states', () => {
  test('an unknown path shows the not-found screen with a way home', async ({ page, consoleGuard }) => {
    // The document itself answers 404 now, which the browser logs.
    consoleGuard.allow(/status of 404/);
    await page.goto('/esta-pagina-nao-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  });

  test('screens load on demand behind a "Carregando..." spinner', async ({ page }) => {
    // Hold back the lazily loaded sign-up screens (the influencer's among them); the app itself loads as usual.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/signup-page-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/influencer-signup', { waitUntil: 'commit' });
    await expect(page.getByRole('status').getByText('Carregando...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Seja um influenciador da Turma' })).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
  });

  test('the skip link is the first stop of the keyboard and focuses the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('preferences', () => {
  test('the chosen theme is stored under "theme" and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light'); // follows the system by default

    await page.getByRole('button', { name: /^Tema/ }).click();
    await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The menu's state is read once the app has the page (a press before that is replayed: prerender.spec).
    await expect(html).toHaveAttribute('data-app-ready', '');
    await page.getByRole('button', { name: /^Tema/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Escuro' })).toHaveAttribute('aria-checked', 'true');

    // Back to "Sistema": the theme follows the (light) system setting again.
    await page.getByRole('menuitemradio', { name: 'Sistema' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('switching to en-US translates the page, sets <html lang> and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Idioma').selectOption('en-US');

    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GET STARTED' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');

    await page.reload();
    await expect(html).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();

    await page.getByLabel('Language').selectOption('pt-BR');
    await expect(html).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 2, name: 'Como funciona' })).toBeVisible();
  });
});

test.describe('screenshots', () => {
  test.use({ colorScheme: 'dark' });

  test('full landing in the dark theme', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('region', { name: 'Planos disponíveis' })).toHaveAttribute('aria-busy', 'false');
    await scrollThroughPage(page);
    await expect(page.getByRole('region', { name: 'Produtos com entrega na sua casa' }).getByRole('link', { name: 'Explorar produtos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Perguntas frequentes' }).getByRole('button').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    await capture(page, testInfo, 'landing', { fullPage: true });
  });
});
