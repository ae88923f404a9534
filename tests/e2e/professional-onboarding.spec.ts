// Professional onboarding in the browser: a signed-out visitor creates the account on /professional-signup, confirms the
// e-mail and comes back signed in, fills the professional form (Odontologia with CRO, the device's location, 3 photos,
// PIX key), sends it, and lands on /professional-pending "Em análise".
import { adminRequest } from './support/admin';
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { mailedLink, newPerson } from './support/accounts';
import { expect, capture, test } from './support/fixtures';

// No postal service behind the e2e server (the CEP lookup answers 503), and GET /api/me answers 401 while signed out;
// "no application yet" is GET /api/me/professional's 404.
const EXPECTED = /status of (401|404)/;

/** A full-page screenshot for the visual review; the page never scrolls sideways (360 px phones included). */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  // The body clips sideways overflow, so measure the boxes: nothing in <main> may stick out of the viewport (Leaflet's
  // panes are left out: the map box clips them).
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    return [...main.querySelectorAll('*')]
      .filter((el) => !el.closest('.leaflet-container') && el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`);
  });
  expect(overflow, `${name}: elements wider than the viewport`).toEqual([]);
  await capture(page, testInfo, name, { fullPage });
}

/** A small PNG of one colour (the server re-encodes it as WebP). */
const png = (color: string) => sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();

test.describe('professional onboarding', () => {
  test.use({ colorScheme: 'dark', geolocation: { latitude: -23.5614, longitude: -46.6559 }, permissions: ['geolocation'] });

  test('a visitor creates the account, confirms it, sends the application with 3 photos and waits on the pending page', async ({ page, request, consoleGuard }, testInfo) => {
    test.setTimeout(120_000);
    consoleGuard.allow(EXPECTED);
    const person = newPerson('Renata');

    // --- Signed out: the account part first.
    await page.goto('/professional-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Seja um profissional parceiro' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Primeiro, sua conta' })).toBeVisible();
    await shot(page, testInfo, 'onboarding-account');
    // Core's sign-up rules in the browser: an empty form is refused field by field.
    await page.getByRole('button', { name: 'Criar conta e continuar' }).click();
    await expect(page.getByText('CPF inválido').or(page.getByText('Informe o CPF')).first()).toBeVisible();

    await page.getByLabel('Nome completo').fill(person.fullName);
    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByLabel('CPF').pressSequentially(person.cpf);
    await page.getByLabel('Celular').pressSequentially(person.phone);
    await page.getByLabel('Data de nascimento').fill(person.birthDate);
    await page.getByLabel('CEP').pressSequentially(person.cep);
    const street = page.getByLabel('Rua');
    await expect(street).toBeEditable();
    await street.fill(person.street);
    await page.getByLabel('Número').fill(person.number);
    await page.getByLabel('Bairro').fill(person.district);
    await page.getByLabel('Cidade', { exact: true }).fill(person.city);
    await page.getByLabel('UF', { exact: true }).fill(person.state);
    await page.getByLabel('Senha', { exact: true }).fill(person.password);
    await page.getByRole('checkbox', { name: /Li e aceito os Termos de Uso/ }).check();
    await page.getByRole('button', { name: 'Criar conta e continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu e-mail para continuar' })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();

    // --- The confirmation link, opened in this browser, signs in and comes back here.
    await page.goto(await mailedLink(request, person.email, 'signup'));
    await expect(page).toHaveURL(/\/professional-signup$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Sua atividade' })).toBeVisible();

    // Core's schema refuses an empty application (and the portfolio rule is checked before anything is sent).
    await page.getByRole('button', { name: 'Enviar cadastro para análise' }).click();
    await expect(page.getByText('Escolha a categoria').last()).toBeVisible();

    await page.getByLabel('Categoria').selectOption({ label: 'Odontologia' });
    const cro = page.getByLabel('Número do CRO');
    await expect(cro).toBeVisible();
    await page.getByLabel('Nome do negócio').fill('Clínica Sorriso Renata');
    await page.getByLabel('CPF ou CNPJ').pressSequentially('11144477735');
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('111.444.777-35');
    await page.getByLabel('Apresentação').fill('Dentista há doze anos, clínica geral e estética dental com atendimento humanizado.');
    await page.getByLabel('CEP').pressSequentially('01310100');
    await page.getByLabel('Número', { exact: true }).fill('1000');
    // The CEP service is down here (so no address nor coordinates): said as an outage; the device's location places the professional.
    await expect(page.getByText('O serviço de CEP está fora do ar agora', { exact: false })).toBeVisible();
    await expect(page.getByText('Não encontramos este CEP.', { exact: false })).toHaveCount(0);
    // The typed city is the other way (GET /api/geocode): the map service is down here too, and that is said, not blamed.
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('UF', { exact: true }).selectOption('SP');
    await page.getByRole('button', { name: 'Localizar pela cidade' }).click();
    await expect(page.getByText('O serviço de mapas também está fora do ar. Envie assim mesmo ou tente de novo em instantes.')).toBeVisible();
    await page.getByRole('button', { name: 'Usar minha localização atual' }).click();
    await expect(page.getByText('Localização definida: -23.56140, -46.65590')).toBeVisible();
    // The same point on the map, as a pin that may be dragged or moved by the arrow buttons.
    await expect(page.locator('.leaflet-marker-icon[title="Local de atendimento (arraste para ajustar)"]')).toBeVisible();
    await expect(page.getByLabel('Latitude')).toHaveValue('-23.5614');
    await page.getByRole('heading', { name: 'Endereço de atendimento' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, testInfo, 'onboarding-address', false);
    await page.getByLabel('Tipo de chave').selectOption('EMAIL');
    await page.getByLabel('Chave PIX').fill(person.email);

    // Missing CRO: the rule of core/professionals/professional-rules.ts, under its field.
    await page.getByRole('button', { name: 'Enviar cadastro para análise' }).click();
    await expect(page.getByText(/Número do CRO inválido|Informe o CRO/).first()).toBeVisible();
    await cro.fill('12345');
    await page.getByLabel('UF do CRO').selectOption('SP');

    // Photos: two first (refused: at least 3), then a third; previews with a remove button each.
    const input = page.locator('input[type=file][name=photo]');
    await input.setInputFiles([
      { name: 'sorriso-1.png', mimeType: 'image/png', buffer: await png('#f97316') },
      { name: 'sorriso-2.png', mimeType: 'image/png', buffer: await png('#0ea5e9') },
    ]);
    await expect(page.getByRole('img', { name: /Foto \d do portfólio/ })).toHaveCount(2);
    await page.getByRole('button', { name: 'Enviar cadastro para análise' }).click();
    await expect(page.getByText('Envie pelo menos 3 fotos do seu trabalho.')).toBeVisible();
    await input.setInputFiles([{ name: 'sorriso-3.png', mimeType: 'image/png', buffer: await png('#22c55e') }]);
    await expect(page.getByRole('img', { name: /Foto \d do portfólio/ })).toHaveCount(3);
    await expect(page.getByText('3 de 8 fotos')).toBeVisible();
    await shot(page, testInfo, 'onboarding-form');

    await page.getByRole('button', { name: 'Enviar cadastro para análise' }).click();

    // --- The pending page: status and what was sent.
    await expect(page).toHaveURL(/\/professional-pending$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Seu cadastro de profissional' })).toBeVisible();
    await expect(page.getByText('Em análise', { exact: true })).toBeVisible();
    const sent = page.getByRole('region', { name: 'O que você enviou' });
    await expect(sent.getByText('Odontologia')).toBeVisible();
    await expect(sent.getByText('CRO-SP 12345')).toBeVisible();
    await expect(sent.getByText('Clínica Sorriso Renata')).toBeVisible();
    await expect(sent.getByText('111.444.777-35')).toBeVisible();
    await expect(sent.getByText('-23.56140, -46.65590')).toBeVisible();
    const photos = sent.getByRole('img', { name: /Foto \d do portfólio/ });
    await expect(photos).toHaveCount(3);
    // The stored photos are the server's WebP copies, and they load.
    for (const img of await photos.all()) {
      await expect(img).toHaveAttribute('src', /^\/media\/professionals\/.+\.webp$/);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await shot(page, testInfo, 'onboarding-pending');

    // The application is the server's: the sign-up screen now sends a pending professional here.
    await page.goto('/professional-signup');
    await expect(page).toHaveURL(/\/professional-pending$/);

    // --- The back office rejects it with a reason; "corrigir e reenviar" opens the same form, filled in.
    const mine = await page.request.get('/api/me/professional');
    const { id } = (await mine.json()) as { id: string };
    const admin = await adminRequest();
    const rejected = await admin.post(`/api/admin/professionals/${id}/reject`, { data: { reason: 'Foto do consultório ilegível: envie outra.' } });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await admin.dispose();

    await page.reload();
    await expect(page.getByText('Recusado', { exact: true })).toBeVisible();
    await expect(page.getByText('Foto do consultório ilegível: envie outra.')).toBeVisible();
    await shot(page, testInfo, 'onboarding-rejected');
    await page.getByRole('link', { name: 'Corrigir e reenviar' }).click();
    await expect(page).toHaveURL(/\/professional-signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Corrigir e reenviar cadastro' })).toBeVisible();
    await expect(page.getByText('Foto do consultório ilegível: envie outra.')).toBeVisible();
    await expect(page.getByLabel('Nome do negócio')).toHaveValue('Clínica Sorriso Renata');
    await expect(page.getByLabel('Número do CRO')).toHaveValue('12345');
    await expect(page.getByRole('img', { name: /Foto \d do portfólio/ })).toHaveCount(3);
    // Swap the first photo and rename the business, then send it again.
    await page.getByRole('button', { name: 'Remover foto 1' }).click();
    await expect(page.getByRole('img', { name: /Foto \d do portfólio/ })).toHaveCount(2);
    await page.locator('input[type=file][name=photo]').setInputFiles([{ name: 'consultorio.png', mimeType: 'image/png', buffer: await png('#a855f7') }]);
    await page.getByLabel('Nome do negócio').fill('Clínica Sorriso Renata Odontologia');
    await page.getByRole('button', { name: 'Reenviar cadastro' }).click();
    await expect(page).toHaveURL(/\/professional-pending$/, { timeout: 20_000 });
    await expect(page.getByText('Em análise', { exact: true })).toBeVisible();
    await expect(sent.getByText('Clínica Sorriso Renata Odontologia')).toBeVisible();
    await expect(sent.getByRole('img', { name: /Foto \d do portfólio/ })).toHaveCount(3);
  });
});
