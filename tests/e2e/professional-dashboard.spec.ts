// Voucher redemption in the browser: a member's paid voucher shows its code and QR; an approved professional redeems it
// by code on /dashboard/professional; the member reviews the professional from /my-groups; rating and receivables
// (CSV included) show it. Seeded through the HTTP API.
import { adminRequest } from './support/admin';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { createConfirmedAccount, newPerson, signIn, toasts, type Person } from './support/accounts';
import { apiContext, apiLogin, paySandbox } from './support/api';
import { expect, capture, test } from './support/fixtures';

async function member(testInfo: TestInfo, firstName: string): Promise<{ ctx: APIRequestContext; person: Person }> {
  const ctx = await apiContext(testInfo);
  const person = await createConfirmedAccount(ctx, newPerson(firstName));
  await apiLogin(ctx, person.email, person.password);
  return { ctx, person };
}

async function newPage(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, colorScheme: 'dark', locale: 'pt-BR' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

test('a professional redeems a paid voucher by its code, the member reviews, the rating shows it', async ({ page, browser, consoleGuard }, testInfo) => {
  test.setTimeout(150_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

  // --- The plan: a two-person service plan of a service category, by the demo admin.
  const admin = await adminRequest();
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { id: string; slug: string; name: string; kind: string }[] };
  const category = categories.items.find((c) => c.kind === 'service' && c.slug !== 'odontologia')!;
  expect(category, 'a service category in the seed').toBeTruthy();
  const planName = `Sessão de teste ${suffix}`;
  const planRes = await admin.post('/api/admin/plans', {
    data: { slug: `e2e-pro-${suffix}`, name: planName, description: 'Plano do teste do painel do profissional.', kind: 'service', category_id: category.id, price: 10_000, full_price: 15_000, group_size: 2, window_days: 7, active: true },
  });
  expect(planRes.status(), await planRes.text()).toBe(201);
  const plan = (await planRes.json()) as { id: string };

  // --- Two members fill the group; Ana pays her balance: her voucher is redeemable.
  const ana = await member(testInfo, 'Ana');
  const bia = await member(testInfo, 'Bia');
  for (const m of [ana, bia]) {
    const joined = await m.ctx.post(`/api/plans/${plan.id}/join`);
    expect(joined.status(), await joined.text()).toBe(201);
    await paySandbox(m.ctx, 'entry', ((await joined.json()) as { membership: { id: string } }).membership.id);
  }
  const groups = (await (await ana.ctx.get('/api/me/groups')).json()) as { items: { voucher: { id: string; status: string } | null }[] };
  const anaVoucher = groups.items.find((i) => i.voucher)!.voucher!;
  expect(anaVoucher.status).toBe('awaiting_balance');
  await paySandbox(ana.ctx, 'balance', anaVoucher.id);
  const vouchers = (await (await ana.ctx.get('/api/me/vouchers')).json()) as { items: { id: string; code: string; status: string }[] };
  const voucher = vouchers.items.find((v) => v.id === anaVoucher.id)!;
  expect(voucher.status).toBe('redeemable');

  // --- The professional applies (3 portfolio photos) and the admin approves.
  const pro = await member(testInfo, 'Paula');
  const businessName = `Estúdio Paula ${suffix}`;
  const applied = await pro.ctx.post('/api/professionals/applications', {
    data: {
      category: category.slug,
      business_name: businessName,
      tax_id: pro.person.cpf,
      cep: '01310100',
      address_number: '1000',
      latitude: -23.5614,
      longitude: -46.6559,
      bio: 'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe.',
      pix_key: { type: 'EMAIL', key: pro.person.email },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const application = (await applied.json()) as { id: string };
  for (const color of ['#f80', '#08f', '#0a4']) {
    const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
    const uploaded = await pro.ctx.post('/api/me/professional/photos', { multipart: { photo: { name: 'portfolio.png', mimeType: 'image/png', buffer } } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const approved = await admin.post(`/api/admin/professionals/${application.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  // --- Ana's dashboard shows the voucher's code and QR code, and where to use it.
  const anaBrowser = await newPage(browser, testInfo);
  await anaBrowser.page.goto('/auth');
  await signIn(anaBrowser.page, ana.person.email, ana.person.password);
  await expect(anaBrowser.page).toHaveURL(/\/dashboard/);
  const ticket = anaBrowser.page.getByRole('region', { name: 'Meus vouchers' }).getByRole('article', { name: planName });
  await expect(ticket.getByText(voucher.code)).toBeVisible();
  await expect(ticket.getByText('Pronto para usar')).toBeVisible();
  await expect(ticket.getByRole('img', { name: `QR Code do voucher ${voucher.code}` })).toBeVisible();
  await expect(ticket.getByRole('link', { name: 'Encontrar profissionais que aceitam' })).toHaveAttribute('href', `/marketplace/services?category=${category.slug}`);
  await ticket.scrollIntoViewIfNeeded();
  await capture(anaBrowser.page, testInfo, 'member-voucher-qr', { fullPage: true });

  // --- Paula signs in and lands on her dashboard.
  await page.goto('/auth');
  await signIn(page, pro.person.email, pro.person.password);
  await expect(page).toHaveURL(/\/dashboard\/professional$/);
  await expect(page.getByRole('heading', { level: 1, name: `Olá, ${businessName}!` })).toBeVisible();
  await expect(page.getByText('Ainda sem avaliações.', { exact: false })).toBeVisible();
  await expect(page.getByText('Nenhum voucher resgatado ainda.', { exact: false })).toBeVisible();

  // "Escanear" asks for the camera (none granted to this browser): a clear sentence, and typing still works.
  await page.getByRole('button', { name: 'Escanear' }).click();
  await expect(page.getByText(/Sem permissão para usar a câmera|Câmera indisponível neste aparelho/)).toBeVisible();
  await page.getByRole('button', { name: 'Fechar câmera' }).click();
  await expect(page.getByText(/Sem permissão para usar a câmera|Câmera indisponível neste aparelho/)).toHaveCount(0);

  // An unknown code: the 404 as a sentence.
  consoleGuard.allow(/status of 404/);
  const codeField = page.getByLabel('Código do voucher');
  await codeField.fill('NAOEXISTE1');
  await page.getByRole('button', { name: 'Buscar voucher' }).click();
  await expect(page.getByText('Voucher não encontrado. Confira o código.')).toBeVisible();

  // Her code: plan and the member's first name before confirming.
  await codeField.fill(voucher.code.toLowerCase());
  await page.getByRole('button', { name: 'Buscar voucher' }).click();
  const found = page.locator('.redeem__found');
  await expect(found.getByText('Voucher encontrado')).toBeVisible();
  await expect(found.getByText(planName)).toBeVisible();
  await expect(found.getByText('Ana', { exact: true })).toBeVisible();
  await expect(found.getByText(category.name)).toBeVisible();
  await capture(page, testInfo, 'pro-dashboard-lookup', { fullPage: true });
  await page.getByRole('button', { name: 'Confirmar resgate' }).click();
  await expect(toasts(page).getByText('Voucher resgatado!')).toBeVisible();
  await expect(page.getByText(`Resgatado: ${planName} de Ana. Valor líquido R$ 90,00.`)).toBeVisible();
  const recent = page.getByRole('region', { name: 'Atendimentos recentes' });
  await expect(recent.getByText(`${planName} · Ana`)).toBeVisible();
  await expect(recent.getByText('R$ 90,00')).toBeVisible();

  // The same code again: already used (409 as a sentence after the lookup shows it).
  await page.getByRole('button', { name: 'Resgatar outro' }).click();
  await page.getByLabel('Código do voucher').fill(voucher.code);
  await page.getByRole('button', { name: 'Buscar voucher' }).click();
  await expect(page.locator('.redeem__found').getByText('Este voucher já foi utilizado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar resgate' })).toHaveCount(0);

  // --- The "voucher redeemed" notification links to /my-groups?avaliar=<voucher>, where the review dialog opens by itself.
  const notes = (await (await ana.ctx.get('/api/notifications')).json()) as { items: Array<{ type: string; link: string | null }> };
  const redeemedNote = notes.items.find((n) => n.type === 'voucher_redeemed');
  expect(redeemedNote?.link).toBe(`/my-groups?avaliar=${voucher.id}`);
  await anaBrowser.page.goto(redeemedNote!.link!);
  const fromLink = anaBrowser.page.getByRole('dialog', { name: `Avaliar ${businessName}` });
  await expect(fromLink).toBeVisible();
  await expect(anaBrowser.page).toHaveURL(/\/my-groups$/);
  await anaBrowser.page.keyboard.press('Escape');
  await expect(fromLink).toHaveCount(0);

  // --- Ana reviews from /my-groups.
  await anaBrowser.page.goto('/my-groups');
  const used = anaBrowser.page.getByRole('region', { name: 'Meus vouchers' }).getByRole('article', { name: planName });
  await expect(used.getByText(`com ${businessName}`, { exact: false })).toBeVisible();
  await used.getByRole('button', { name: 'Avaliar profissional' }).click();
  const dialog = anaBrowser.page.getByRole('dialog', { name: `Avaliar ${businessName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(dialog.getByText('Escolha de 1 a 5 estrelas.')).toBeVisible();
  await dialog.getByRole('radio', { name: '5 estrelas' }).check({ force: true });
  await dialog.getByLabel('Comentário').fill('Atendimento impecável, voltarei!');
  await capture(anaBrowser.page, testInfo, 'member-review-dialog');
  await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(toasts(anaBrowser.page).getByText('Avaliação enviada!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(used.getByText('Você já avaliou este atendimento. Obrigado!')).toBeVisible();
  await expect(used.getByRole('button', { name: 'Avaliar profissional' })).toHaveCount(0);
  expect(anaBrowser.errors).toEqual([]);
  await anaBrowser.context.close();

  // --- Paula's rating shows the review.
  await page.reload();
  const rating = page.getByRole('region', { name: 'Sua avaliação' });
  await expect(rating.getByTestId('rating-summary')).toContainText('5,0');
  await expect(rating.getByText('1 avaliação')).toBeVisible();
  await expect(rating.getByText('Atendimento impecável, voltarei!')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await capture(page, testInfo, 'pro-dashboard', { fullPage: true });

  // --- Receivables: the line, totals per status, filter and CSV.
  await page.getByRole('link', { name: 'Recebíveis' }).first().click();
  await expect(page).toHaveURL(/\/professional\/receivables$/);
  const row = page.getByRole('row').filter({ hasText: planName });
  await expect(row).toContainText('Ana');
  await expect(row).toContainText('R$ 100,00');
  await expect(row).toContainText('R$ 10,00');
  await expect(row).toContainText('R$ 90,00');
  await expect(row).toContainText('Pendente');
  await expect(page.locator('.totals__value[data-status="pending"]')).toHaveText('R$ 90,00');
  await expect(page.getByText('Nenhum repasse ainda.')).toBeVisible();
  await capture(page, testInfo, 'pro-receivables', { fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^recebiveis-todos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Data;Plano;Cliente;Bruto;Taxa;Líquido;Situação;Liberação');
  expect(csv).toContain(`;${planName};Ana;100,00;10,00;90,00;Pendente;`);

  await page.getByLabel('Filtrar por situação').selectOption('paid');
  await expect(page).toHaveURL(/status=paid/);
  await expect(page.getByText('Nenhum recebível com esta situação.')).toBeVisible();

  for (const ctx of [admin, ana.ctx, bia.ctx, pro.ctx]) await ctx.dispose();
});

test('a professional places the map pin by hand (drag, tap, arrows, typed) and the nearby search finds them there', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  // An empty corner of the country for this test; no CEP service here, so only the country is checked.
  const start = { latitude: -5.5, longitude: -52.5 };
  const typed = { latitude: -6.3, longitude: -51.8 };

  const admin = await adminRequest();
  const categories = (await (await admin.get('/api/plan-categories')).json()) as { items: { slug: string; kind: string }[] };
  const category = categories.items.find((c) => c.kind === 'service' && c.slug !== 'odontologia')!;
  const pro = await member(testInfo, 'Paula');
  const businessName = `Estúdio Pino ${suffix}`;
  const applied = await pro.ctx.post('/api/professionals/applications', {
    data: { category: category.slug, business_name: businessName, tax_id: pro.person.cpf, cep: '01310100', address_number: '10', ...start, bio: 'Atendimento com hora marcada, materiais descartáveis e muito cuidado em cada detalhe.', pix_key: { type: 'EMAIL', key: pro.person.email } },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  for (const color of ['#f80', '#08f', '#0a4']) {
    const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
    expect((await pro.ctx.post('/api/me/professional/photos', { multipart: { photo: { name: 'p.png', mimeType: 'image/png', buffer } } })).status()).toBe(201);
  }
  expect((await admin.post(`/api/admin/professionals/${id}/approve`)).status()).toBe(200);

  await page.goto('/auth');
  await signIn(page, pro.person.email, pro.person.password);
  await expect(page).toHaveURL(/\/dashboard\/professional$/);
  const section = page.getByRole('region', { name: 'Posição no mapa' });
  const map = section.getByRole('region', { name: 'Mapa do local de atendimento: toque para marcar o ponto' });
  const marker = map.locator('.leaflet-marker-icon[title="Local de atendimento (arraste para ajustar)"]');
  await marker.scrollIntoViewIfNeeded();
  await expect(marker).toBeVisible();
  await expect(map.locator('.leaflet-tile')).toHaveCount(0); // the plain background: no tiles in the browser tests
  const latitude = section.getByLabel('Latitude');
  const longitude = section.getByLabel('Longitude');
  await expect(latitude).toHaveValue(String(start.latitude));

  // Dragged east on the plain background: the longitude grows.
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => Number(await longitude.inputValue())).toBeGreaterThan(start.longitude);
  // Tapped north of the pin: the pin jumps there.
  const mapBox = (await map.boundingBox())!;
  await page.mouse.click(mapBox.x + mapBox.width / 2, mapBox.y + 30);
  await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(start.latitude);
  // Without the map: typed coordinates, then one step north by the arrow button (~100 m).
  await latitude.fill(String(typed.latitude));
  await longitude.fill(String(typed.longitude));
  await section.getByRole('button', { name: 'Usar estas coordenadas' }).click();
  await section.getByRole('button', { name: 'Mover para o norte' }).click();
  await expect(latitude).toHaveValue('-6.2991');
  await section.getByRole('button', { name: 'Salvar posição' }).click();
  await expect(toasts(page).getByText('Posição salva. A busca por proximidade já usa o novo ponto.')).toBeVisible();

  // At 360 px the section fits the screen (Leaflet's panes are clipped by the map box, so they are left out).
  await page.setViewportSize({ width: 360, height: 780 });
  await section.scrollIntoViewIfNeeded();
  const wider = await section.evaluate((el) =>
    [...el.querySelectorAll('*')].filter((c) => !c.closest('.leaflet-container') && c.getBoundingClientRect().right > window.innerWidth + 1).map((c) => `${c.tagName}.${c.className}`),
  );
  expect(wider).toEqual([]);
  await capture(section, testInfo, 'pro-dashboard-pin-360');

  // A visitor at the new point finds the professional at once, about 0.1 km away.
  const visitor = await newPage(browser, testInfo);
  await visitor.context.grantPermissions(['geolocation']);
  await visitor.context.setGeolocation(typed);
  await visitor.page.goto('/marketplace/services');
  const card = visitor.page.getByRole('region', { name: 'Profissionais perto de você' }).getByRole('article', { name: businessName });
  await expect(card).toBeVisible();
  await expect(card.getByText('a 0,1 km')).toBeVisible();
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
  for (const ctx of [admin, pro.ctx]) await ctx.dispose();
});
