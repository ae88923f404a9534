// "Profissionais perto de você" and the public profile in the browser: from the device's position one featured card
// (and marker) nearby, widening to 100 km finds the second, the card opens the profile; a denied location shows the
// spec's message. Map tiles are disabled (MAP_TILE_URL=''): nothing reaches the internet.
import { adminRequest } from './support/admin';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { greatCircleDistanceKm } from '../../core/professionals/ranking';
import { createConfirmedAccount, newPerson, toasts } from './support/accounts';
import { apiContext, apiLogin } from './support/api';
import { expect, capture, test } from './support/fixtures';

/** An approved professional at a point: account, application, 3 photos, the admin's approval (and maybe featured). */
async function approvedProfessional(
  testInfo: TestInfo,
  admin: APIRequestContext,
  input: { category: string; businessName: string; latitude: number; longitude: number; featured?: boolean },
) {
  const ctx = await apiContext(testInfo);
  const person = await createConfirmedAccount(ctx, newPerson('Paula'));
  await apiLogin(ctx, person.email, person.password);
  const applied = await ctx.post('/api/professionals/applications', {
    data: {
      category: input.category,
      business_name: input.businessName,
      tax_id: person.cpf,
      cep: '01310100',
      address_number: '250',
      latitude: input.latitude,
      longitude: input.longitude,
      bio: 'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe do seu projeto.',
      pix_key: { type: 'EMAIL', key: person.email },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  for (const color of ['#f80', '#a40', '#fc6']) {
    const buffer = await sharp({ create: { width: 480, height: 360, channels: 3, background: color } }).png().toBuffer();
    const uploaded = await ctx.post('/api/me/professional/photos', { multipart: { photo: { name: 'portfolio.png', mimeType: 'image/png', buffer } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const approved = await admin.post(`/api/admin/professionals/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  if (input.featured) {
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const featured = await admin.post(`/api/admin/professionals/${id}/feature`, { data: { until } });
    expect(featured.status(), await featured.text()).toBe(200);
  }
  await ctx.dispose();
  return { id };
}

test('finds an approved professional near the browser, widens the radius when asked, opens the public profile', async ({ page, consoleGuard }, testInfo) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  // Each project searches its own empty corner of the country (the e2e database lives for the whole run).
  const here = testInfo.project.name === 'phone' ? { latitude: -12.6, longitude: -56.1 } : { latitude: -9.4, longitude: -53.2 };
  const near = { latitude: here.latitude + 0.0135, longitude: here.longitude }; // ~1.5 km north
  const far = { latitude: here.latitude + 0.63, longitude: here.longitude }; // ~70 km north

  const admin = await adminRequest();
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { slug: string; name: string; kind: string }[] };
  const plans = (await (await admin.get('/api/plans?kind=service&per_page=100')).json()) as { items: { name: string; category: { slug: string } | null }[] };
  // A service category without a mandatory register and with plans on sale (the seed's catalogue).
  const category = categories.items.find((c) => c.kind === 'service' && c.slug !== 'odontologia' && plans.items.some((p) => p.category?.slug === c.slug))!;
  expect(category, 'a service category with plans in the seed').toBeTruthy();
  const nearName = `Estúdio Perto ${suffix}`;
  const farName = `Estúdio Longe ${suffix}`;
  const nearPro = await approvedProfessional(testInfo, admin, { category: category.slug, businessName: nearName, ...near, featured: true });
  await approvedProfessional(testInfo, admin, { category: category.slug, businessName: farName, ...far });
  await admin.dispose();

  // The browser is where the test says, and the site may read it.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(here);
  await page.emulateMedia({ colorScheme: 'dark' }); // the brand's default theme
  await page.goto('/marketplace/services');

  const section = page.getByRole('region', { name: 'Profissionais perto de você' });
  await expect(section.getByRole('heading', { level: 2, name: 'Profissionais perto de você' })).toBeVisible();
  await expect(section.getByText('Perto da sua localização atual')).toBeVisible();
  await expect(section.getByText('1 profissional em até 50 km')).toBeVisible();

  const card = section.getByRole('article', { name: nearName });
  await expect(card).toBeVisible();
  const km = greatCircleDistanceKm(here, near);
  const distance = `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km)} km`;
  expect(distance).toBe('1,5 km');
  await expect(card.getByText(`a ${distance}`)).toBeVisible();
  await expect(card.getByText('Destaque')).toBeVisible();
  await expect(card.getByText(category.name, { exact: true })).toBeVisible();
  await expect(card.getByText('Sem avaliações')).toBeVisible();
  await expect(card.getByRole('img', { name: /^Nota / })).toHaveCount(0); // no stars before the first review
  await expect(card.locator('img[src^="/media/"]')).toHaveCount(1);
  await expect(section.getByRole('article', { name: farName })).toHaveCount(0);

  // The map (an aid) shows the same result as a marker.
  const map = section.getByRole('region', { name: /Mapa dos profissionais encontrados/ });
  await expect(map).toBeVisible();
  await expect(map.locator('.turma-map__pin')).toHaveCount(1);
  await expect(map.locator(`.leaflet-marker-icon[title="${nearName}"]`)).toBeVisible();
  if (process.env.E2E_MAP_TILE_URL) {
    // A local tile server: the CSP lets its tiles in and Leaflet draws them.
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  } else {
    await expect(map.locator('.leaflet-tile')).toHaveCount(0); // tiles disabled in the browser tests
  }

  // Fewer than 5: the user may widen (the server says how many a 100 km radius holds).
  const widen = section.getByRole('button', { name: 'Ampliar para 100 km (2 profissionais)' });
  await expect(widen).toBeVisible();
  await widen.click();
  await expect(section.getByText('2 profissionais em até 100 km')).toBeVisible();
  await expect(section.getByRole('article', { name: farName })).toBeVisible();
  await expect(map.locator('.turma-map__pin')).toHaveCount(2);
  // Featured first (docs/product/spec.md §9), whatever the distance.
  await expect(section.locator('.pro-card__name').first()).toHaveText(nearName);

  // The category filter keeps them (both are of that category).
  await section.getByRole('button', { name: category.name, exact: true }).click();
  await expect(section.getByRole('article', { name: nearName })).toBeVisible();
  // Nothing wider than the screen (360 px on the phone project).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await section.scrollIntoViewIfNeeded();
  await capture(section, testInfo, 'professionals-nearby');

  // The card opens the public profile.
  await card.getByRole('link', { name: nearName }).click();
  await expect(page).toHaveURL(new RegExp(`/profissionais/${nearPro.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: nearName })).toBeVisible();
  await expect(page.getByText('Destaque')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Fotos do trabalho' })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`Foto \\d de 3 do trabalho de ${nearName}`) })).toHaveCount(3);
  await expect(page.getByText('materiais descartáveis', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Endereço de atendimento' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Mapa com o endereço de ${nearName}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Planos que você pode usar aqui' })).toBeVisible();
  const planNames = plans.items.filter((p) => p.category?.slug === category.slug).map((p) => p.name);
  await expect(page.locator('.pro-plans__name')).toHaveText(planNames.slice(0, 100), { useInnerText: true });
  await expect(page.getByText('Este profissional ainda não recebeu avaliações.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await capture(page, testInfo, 'professional-profile', { fullPage: true });
  await capture(page, testInfo, 'professional-profile-top');

  // An unknown professional is the not-found screen.
  consoleGuard.allow(/status of 404/);
  await page.goto('/profissionais/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
});

test('a denied location says so (SPEC §8) and the CEP stays as the way to search', async ({ page }) => {
  await page.context().clearPermissions();
  await page.goto('/marketplace/services');
  const section = page.getByRole('region', { name: 'Profissionais perto de você' });
  await expect(section.getByText('Permita o acesso à sua localização ou informe um CEP', { exact: false })).toBeVisible();
  // The denied location is what this test is about: the tap comes once the app runs the page (a tap made earlier is
  // replayed by web/lib/early-input.ts, which the prerender spec tests; this section may be drawn afresh meanwhile).
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  await section.getByRole('button', { name: 'Usar minha localização' }).click();
  await expect(toasts(page).getByText('Permissão de localização negada')).toBeVisible();
  await expect(section.getByRole('alert').filter({ hasText: 'Permissão de localização negada' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Buscar por CEP' })).toBeVisible();
  // A short CEP is refused on the spot.
  await section.getByLabel('CEP').fill('0131');
  await section.getByRole('button', { name: 'Buscar por CEP' }).click();
  await expect(section.getByText('Informe um CEP com 8 dígitos')).toBeVisible();
});
