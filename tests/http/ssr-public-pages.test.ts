// Server rendering (docs/server-rendering.md): public pages and each person's own signed-in screens as real HTML with
// their data in a non-executable JSON block (no inline script for the CSP), other pages the skeleton. The server entry
// is built here (Vite SSR build) into a scratch dist.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductService } from '../../core/marketplace/product.service';
import { TOKENS } from '../../adapters/tokens';
import { createPlan, createUser, insertInfluencer, insertProfessional, type TestUser } from '../support/factories';
import { ssrBuildOptions } from '../../adapters/build';
import { createTestApp, type TestApp } from '../support/test-app';

const ROOT = resolve(import.meta.dirname, '../..');
const distDir = join(ROOT, 'node_modules/.cache', `turma-ssr-test-${process.pid}`);
let app: TestApp;

beforeAll(async () => {
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(join(distDir, 'web'), { recursive: true });
  mkdirSync(join(distDir, 'admin'), { recursive: true });
  writeFileSync(join(distDir, 'web/index.html'), readFileSync(join(ROOT, 'web/index.html'), 'utf8'));
  writeFileSync(join(distDir, 'admin/index.html'), '<!doctype html><title>admin</title>');
  const { build } = await import('vite');
  await build({
    configFile: join(ROOT, 'web/vite.config.ts'),
    logLevel: 'error',
    mode: 'production',
    build: ssrBuildOptions(join(distDir, 'server')),
  });
  app = await createTestApp({ distDir });
}, 180_000);

afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const meta = (html: string, property: string) => {
  const match = html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`));
  return match ? match[1]!.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
};
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"', html.indexOf('<div id="root">')));
/** A client-rendered page: the app's skeleton (its top bar and SPEC's 'Carregando...'), no data block. */
function expectSkeleton(html: string, path: string) {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
  expect(root, path).toContain('class="topbar"');
  expect(root, path).toMatch(/class="page-spinner" role="status"[^>]*>.*Carregando\.\.\./s);
  expect(html, path).not.toContain('turma-ssr-state');
}
const stateOf = (html: string) => {
  const match = html.match(/<script type="application\/json" id="turma-ssr-state">([\s\S]*?)<\/script>/);
  expect(match, 'the page carries its data').not.toBeNull();
  return JSON.parse(match![1]!) as { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
};
/** Every script is external or a JSON data block: nothing inline the CSP would have to allow. */
function expectNoInlineScript(html: string) {
  for (const [tag] of html.matchAll(/<script\b[^>]*>[\s\S]{0,80}/g)) expect(/^<script[^>]*(\bsrc=|type="application\/json")/.test(tag), tag).toBe(true);
}

async function page(path: string, status = 200) {
  const res = await app.client().get(path);
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type'), path).toContain('text/html');
  expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
  expect(res.headers.get('content-security-policy'), path).not.toContain('unsafe-inline\' ; script');
  expectNoInlineScript(res.text);
  return res.text;
}

describe('server-rendered public pages', () => {
  let plan: Awaited<ReturnType<typeof createPlan>>;
  let product: { id: string; name: string };

  beforeAll(async () => {
    plan = await createPlan(app, { price: 42_000, group_size: 3 });
    await app.db.knex('plans').where({ id: plan.id }).update({ name: 'Fechamento de braço <Tattoo & Cia>' });
    plan.name = 'Fechamento de braço <Tattoo & Cia>';
    const products = app.container.get<ProductService>(TOKENS.ProductService);
    const saved = await products.save({
      name: 'Sérum Facial Vitamina C',
      slug: `serum-${Date.now()}`,
      description: 'Sérum antioxidante com 10% de vitamina C para todos os tipos de pele.',
      price: 8_990,
      stock_quantity: 7,
      category_id: null,
      active: true,
    });
    product = saved.product;
  });

  it('the landing: the plans in the HTML, the default title and Open Graph tags', async () => {
    const html = await page('/');
    expect(rootOf(html)).toContain('Fechamento de braço &lt;Tattoo &amp; Cia&gt;');
    expect(html).toContain('<title>Turma — compra em grupo</title>');
    expect(meta(html, 'og:title')).toBe('Turma — compra em grupo');
    expect(meta(html, 'og:description')).toMatch(/Pague só a entrada/);
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/icons\/icon-512\.png$/);
    expect(meta(html, 'og:url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const state = stateOf(html);
    expect(state.queries.find((q) => JSON.stringify(q.queryKey) === '["plans","catalogue"]')?.state.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: plan.id })]));
  });

  it("the active campaign's offer is in the landing's HTML (none: seeded as none, so the browser does not ask again)", async () => {
    await app.db.knex('campaigns').update({ status: 'ended', ended_at: new Date() });
    const without = stateOf(await page('/'));
    expect(without.queries.find((q) => JSON.stringify(q.queryKey) === '["campaigns","active"]')).toMatchObject({ state: { data: null } });

    const admin = await createUser(app, { role: 'admin' });
    const day = 86_400_000;
    // Ends at 02:30 UTC: still the day before in Brasília, whatever time zone the server runs in.
    const inTenDays = new Date(Date.now() + 10 * day);
    const endsAt = new Date(Date.UTC(inTenDays.getUTCFullYear(), inTenDays.getUTCMonth(), inTenDays.getUTCDate(), 2, 30));
    const brasilia = new Date(endsAt.getTime() - 3 * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const shownDate = `${two(brasilia.getUTCDate())}/${two(brasilia.getUTCMonth() + 1)}/${brasilia.getUTCFullYear()}`;
    const created = await admin.client.post('/api/admin/campaigns', {
      name: 'Natal dos amigos',
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: endsAt.toISOString(),
      bonus_type: 'fixed',
      bonus_value: 1_000,
      cap_per_inviter: 5_000,
      budget: 100_000,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    try {
      const html = await page('/');
      expect(rootOf(html)).toContain('data-testid="campaign-offer"');
      expect(rootOf(html)).toContain('Natal dos amigos');
      // The end date as the browser shows it (hydration must find the same text).
      expect(rootOf(html)).toContain(shownDate);
    } finally {
      await app.db.knex('campaigns').update({ status: 'ended', ended_at: new Date() });
    }
  });

  it('the catalogue lists the product, with its query key as the screen reads it', async () => {
    const html = await page('/marketplace/products');
    expect(rootOf(html)).toContain('Sérum Facial Vitamina C');
    expect(meta(html, 'og:title')).toBe('Produtos · Turma');
    expect(html).toContain('<title>Produtos · Turma</title>');
    const keys = stateOf(html).queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['marketplace', 'products', { category: '', q: '', sort: 'newest', page: 1, per_page: 12 }]));
    // The filters in the URL are rendered too.
    const none = await page('/marketplace/products?q=nada-com-isso');
    expect(rootOf(none)).not.toContain('Sérum Facial Vitamina C');
  });

  it('a product page: name, price, description and its own preview', async () => {
    const html = await page(`/marketplace/products/${product.id}`);
    const body = rootOf(html);
    expect(body).toContain('<h1 id="product-title" class="product-detail__name">Sérum Facial Vitamina C</h1>');
    expect(body).toContain('R$');
    expect(body).toContain('Sérum antioxidante');
    expect(meta(html, 'og:title')).toBe('Sérum Facial Vitamina C · Turma');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:description')).toMatch(/^Sérum antioxidante .* · R\$\s89,90$/);
    expect(meta(html, 'og:url')).toMatch(new RegExp(`/marketplace/products/${product.id}$`));
    // Link previews show no SVG (the product's cover): og:image is its 1200 × 630 JPEG card.
    const image = new URL(meta(html, 'og:image')!);
    expect(image.pathname).toMatch(/^\/og\/products\/[a-z0-9-]+\.svg\.jpg$/);
    const card = await fetch(`${app.url}${image.pathname}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const { default: sharp } = await import('sharp');
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    // A product that does not exist is not rendered: the shell, with 404.
    const missing = await app.client().get('/marketplace/products/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expectSkeleton(missing.text, 'a missing product');
  });

  it('the services page: the plan under its category, and the plans in the description', async () => {
    const html = await page('/marketplace/services');
    expect(rootOf(html)).toContain('Fechamento de braço &lt;Tattoo &amp; Cia&gt;');
    expect(meta(html, 'og:title')).toBe('Serviços · Turma');
    expect(meta(html, 'og:description')).toContain('Fechamento de braço <Tattoo & Cia>');
    // Escaped in the attribute: no way out of it.
    expect(html).toContain('Fechamento de braço &lt;Tattoo &amp; Cia&gt;');
  });

  it('an invite: the inviter and the plan in the HTML and in the link preview', async () => {
    const ana = await createUser(app, { fullName: 'Ana Lima' });
    const created = await ana.client.post('/api/groups', { plan_id: plan.id });
    expect(created.status).toBe(201);
    const { group, membership } = created.body;
    const html = await page(`/join/${group.id}/${membership.invite_code}`);
    expect(rootOf(html)).toContain('Ana');
    expect(rootOf(html)).toContain('Fechamento de braço &lt;Tattoo &amp; Cia&gt;');
    expect(meta(html, 'og:title')).toBe('Ana convidou você para a turma de Fechamento de braço <Tattoo & Cia>');
    expect(meta(html, 'og:description')).toMatch(/faltam 2 lugares/);
    // The JSON block cannot be closed early by the data ('<' is escaped inside it).
    const block = html.match(/<script type="application\/json" id="turma-ssr-state">([\s\S]*?)<\/script>/)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003cTattoo');
    // Made to be shared: an open invite may be indexed (robots.txt lets crawlers in), without a cached copy…
    expect(html).toContain('<meta name="robots" content="noarchive" />');
    expect((await app.client().get('/robots.txt')).text).not.toMatch(/^Disallow: \/join/m);
    // …and once the group is closed it leaves the index.
    await app.db.knex('groups').where({ id: group.id }).update({ status: 'expired' });
    expect(await page(`/join/${group.id}/${membership.invite_code}`)).toContain('<meta name="robots" content="noindex" />');
  });

  it('the information pages are rendered; unknown paths are the not-found screen with 404; client-rendered pages get the skeleton', async () => {
    const about = await page('/about');
    expect(meta(about, 'og:title')).toBe('Sobre nós · Turma');
    expect(rootOf(about)).toContain('<h1');
    expect((await page('/terms')).includes('Termos de uso')).toBe(true);

    const missing = await page('/pagina-que-nao-existe', 404);
    expect(rootOf(missing)).toContain('Oops! Page not found');

    for (const path of ['/dashboard', '/my-groups', '/checkout/participants']) {
      const res = await app.client().get(path);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.status, path).toBe(200);
      expectSkeleton(res.text, path);
      expectNoInlineScript(res.text);
    }
  });

  it("the cart: its frame with 'Carregando seu carrinho...' where the lines go (a visitor's are in their browser), out of the index", async () => {
    const html = await page('/marketplace/cart');
    const body = rootOf(html);
    expect(body).toContain('Seu carrinho');
    expect(body).toContain('Preços e estoque são conferidos de novo quando você finaliza a compra.');
    expect(body).toMatch(/class="page__loading" role="status".*Carregando seu carrinho\.\.\./s);
    // Not a guess at it: 'empty' would be wrong for a visitor with lines in their browser.
    expect(body).not.toContain('Seu carrinho está vazio');
    expect(body).not.toContain('Meus pedidos');
    expect(html).toContain('<title>Carrinho · Turma</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(stateOf(html).queries.map((q) => JSON.stringify(q.queryKey))).not.toContain('["session","current"]');
  });

  it('/auth: the sign-in form is in the HTML', async () => {
    const html = await page('/auth?next=%2Fmy-groups');
    expect(rootOf(html)).toMatch(/<input[^>]*autoComplete="username"|<input[^>]*autocomplete="username"/);
    expect(rootOf(html)).toMatch(/<input[^>]*autocomplete="current-password"/i);
    expect(html).toContain('<title>Entrar ou criar conta · Turma</title>');
    stateOf(html);
  });

  it('an influencer link goes straight to the landing with its code, the click recorded on the way', async () => {
    const clicks = async () => Number((await app.db.knex('referral_clicks').where({ code: 'ANA10' }).count<{ n: string }[]>({ n: '*' }))[0]!.n);
    const before = await clicks();
    for (const path of ['/r/ANA10', '/ref/ANA10', '/indicacao/ANA10?ref=AB12']) {
      const res = await app.client().get(path, { referer: 'https://instagram.com/' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(path.endsWith('AB12') ? '/?ref=AB12&inf=ANA10' : '/?inf=ANA10');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    expect(await clicks()).toBe(before + 3);
    expect(await app.db.knex('referral_clicks').where({ code: 'ANA10', path: '/ref/ANA10' }).first('referrer')).toEqual({ referrer: 'https://instagram.com/' });
  });

  it("a referral link naming a plan is its 'Redirecionando…' screen (the app takes it to that plan), kept out of the index", async () => {
    for (const path of ['/r/ANA10?plano=x', '/ref/ANA10?plano=x', '/indicacao/ANA10?plano=x']) {
      const html = await page(path);
      expect(rootOf(html), path).toContain('Redirecionando…');
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(meta(html, 'og:description'), path).toMatch(/Pague só a entrada/);
      stateOf(html);
    }
  });

  it("the e-mail's link shows 'Confirmando seu e-mail...' (or the new-password form), its token out of the head", async () => {
    const html = await page('/auth/callback?token=segredo-de-uso-unico');
    expect(rootOf(html)).toMatch(/class="spinner".*Confirmando seu e-mail\.\.\./s);
    expect(html).toContain('<title>Confirmação de e-mail · Turma</title>');
    expect(meta(html, 'og:url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/);
    expect(html).not.toContain('segredo-de-uso-unico');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const reset = await page('/auth/callback?type=recovery&token=outro-segredo');
    expect(rootOf(reset)).toContain('name="confirm_password"');
    expect(reset).not.toContain('outro-segredo');
  });

  it("a professional's public profile: the name, bio and address in the HTML and the preview; unknown ones get the skeleton with 404", async () => {
    const { slug: category } = await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const id = await insertProfessional(app, category, { latitude: -23.5614, longitude: -46.6559 });
    const html = await page(`/profissionais/${id}`);
    const body = rootOf(html);
    expect(body).toContain('<h1 id="pro-profile-name">Estúdio Mapa</h1>');
    expect(body).toContain('Atendimento com hora marcada');
    expect(body).toContain('Avenida Paulista, 1578');
    // The plans of its category, with their group price.
    expect(body).toContain('Fechamento de braço &lt;Tattoo &amp; Cia&gt;');
    expect(meta(html, 'og:title')).toBe('Estúdio Mapa — Profissional · Turma');
    expect(meta(html, 'og:description')).toBe('Atendimento com hora marcada e muito cuidado em cada detalhe.');
    expect(stateOf(html).queries.map((q) => JSON.stringify(q.queryKey))).toContain(JSON.stringify(['professionals-search', 'profile', id]));

    await app.db.knex('professionals').where({ id }).update({ status: 'pending', approved: false });
    const hidden = await app.client().get(`/profissionais/${id}`);
    expect(hidden.status).toBe(404);
    expectSkeleton(hidden.text, 'an unapproved professional');
  });
});

describe('server-rendered signed-in pages', () => {
  const stateKeys = (html: string) => stateOf(html).queries.map((q) => JSON.stringify(q.queryKey));

  it("each person gets their own dashboard and groups, drawn with their data, private and never stored; another person's cookie, their own", async () => {
    const plan = await createPlan(app, { price: 30_000, group_size: 4 });
    const people: Array<{ user: TestUser; first: string; invite: string }> = [];
    for (const fullName of ['Quitéria Souza Dantas', 'Bernadete Lima Prado']) {
      const user = await createUser(app, { fullName });
      const held = await user.client.post('/api/groups', { plan_id: plan.id });
      expect(held.status, held.text).toBe(201);
      people.push({ user, first: fullName.split(' ')[0]!, invite: held.body.membership.invite_path as string });
    }
    for (const [me, other] of [
      [people[0]!, people[1]!],
      [people[1]!, people[0]!],
    ] as const) {
      for (const path of ['/dashboard', '/my-groups']) {
        const res = await me.user.client.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('private, no-store');
        expect(res.headers.get('vary'), path).toMatch(/Cookie/);
        expectNoInlineScript(res.text);
        const body = rootOf(res.text);
        expect(body, path).not.toContain('Carregando...');
        // Never anything of the other person's: their name, id, invite.
        expect(res.text, path).not.toContain(other.first);
        expect(res.text, path).not.toContain(other.user.id);
        expect(res.text, path).not.toContain(other.invite);
        const session = stateOf(res.text).queries.find((q) => JSON.stringify(q.queryKey) === '["session","current"]');
        expect(session?.state.data, path).toMatchObject({ user: { id: me.user.id } });
        expect(res.text, path).toContain('<meta name="robots" content="noindex" />');
      }
      const dashboard = await me.user.client.get('/dashboard');
      expect(rootOf(dashboard.text)).toContain(`Olá, ${me.first}!`);
      expect(stateKeys(dashboard.text)).toEqual(expect.arrayContaining(['["groups","mine"]', '["groups","wallet"]', '["plans","catalogue"]']));
      const groups = await me.user.client.get('/my-groups');
      expect(groups.text).toContain('<title>Meus grupos · Turma</title>');
      // The card with the invite link (its full address, as the browser shows it).
      expect(rootOf(groups.text)).toMatch(new RegExp(`http://127\\.0\\.0\\.1:\\d+${me.invite.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(stateKeys(groups.text)).toEqual(expect.arrayContaining(['["groups","mine"]', '["vouchers","mine"]']));
    }
  });

  it("the checkout's step is drawn in its frame (the tab's own checkout is the browser's to read)", async () => {
    const user = await createUser(app);
    const res = await user.client.get('/checkout/participants');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(rootOf(res.text)).toContain('Quem vai com você?');
    // Not a guess at it: 'no plan chosen' would be wrong for a tab in the middle of one.
    expect(rootOf(res.text)).not.toContain('Escolha um plano para começar');
    expect(stateKeys(res.text)).toContain('["session","current"]');
  });

  it("a signed-in person's cart: its frame drawn for them (their orders' link), the lines left to the browser's cart", async () => {
    const user = await createUser(app);
    const res = await user.client.get('/marketplace/cart');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = rootOf(res.text);
    expect(body).toContain('Meus pedidos');
    expect(body).toContain('Carregando seu carrinho...');
    expect(body).not.toContain('Seu carrinho está vazio');
    expect(body).not.toContain('data-session-pending');
    expect(stateKeys(res.text)).toContain('["session","current"]');
    // An expired session: the visitor's frame with the neutral account corner (the browser draws it again).
    await app.db.knex('sessions').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await user.client.get('/marketplace/cart');
    expect(expired.headers.get('cache-control')).toBe('private, no-store');
    expect(rootOf(expired.text)).toContain('Carregando seu carrinho...');
    expect(rootOf(expired.text)).not.toContain('Meus pedidos');
    expect(expired.text).toContain('data-session-pending');
    expect(stateKeys(expired.text)).not.toContain('["session","current"]');
  });

  it('an expired, unknown or missing session gets the skeleton (no data), still never stored', async () => {
    const expired = await createUser(app);
    await app.db.knex('sessions').where({ user_id: expired.id }).update({ expires_at: new Date(Date.now() - 1000) });
    const unknown = app.client();
    unknown.setCookie('turma_session', 'nao-e-uma-sessao');
    for (const client of [expired.client, unknown]) {
      for (const path of ['/dashboard', '/my-groups', '/checkout/participants']) {
        const res = await client.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('private, no-store');
        expectSkeleton(res.text, path);
        expect(res.text, path).toContain('data-session-pending');
      }
    }
    const visitor = await app.client().get('/dashboard');
    expectSkeleton(visitor.text, 'signed out');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
  });

  it("an influencer's dashboard: their link in the HTML", async () => {
    const influencer = await insertInfluencer(app);
    const res = await influencer.user.client.get('/dashboard/influencer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(rootOf(res.text)).toContain('Seu painel de indicações');
    expect(rootOf(res.text)).toContain(`/r/${influencer.code}`);
    expect(stateKeys(res.text)).toContain('["influencer","dashboard",30]');
  });

  it("an admin's /dashboard is the skeleton (the app sends them to the back office)", async () => {
    const admin = await createUser(app, { role: 'admin' });
    expectSkeleton((await admin.client.get('/dashboard')).text, 'admin');
  });
});
