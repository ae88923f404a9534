// The address services down (playwright.config.ts points ViaCEP and Nominatim at a closed port): every screen says it
// is an outage, never the person's mistake, and leaves a way on — typing the address, the city, the device's location.
// Also the product page's freight CEP, masked as typed.
import { pickProducts } from './support/marketplace';
import { expect, capture, test } from './support/fixtures';

test('sign-up: an existing CEP during the outage says the service is down and unlocks the address for typing', async ({ page }, testInfo) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  const street = page.getByLabel('Rua');
  await expect(street).not.toBeEditable();
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByText('O serviço de CEP está fora do ar agora. Preencha o endereço manualmente.')).toBeVisible();
  await expect(page.getByText('CEP não encontrado', { exact: false })).toHaveCount(0);
  for (const label of ['Rua', 'Bairro', 'Cidade', 'UF']) await expect(page.getByLabel(label, { exact: true })).toBeEditable();
  await street.fill('Avenida Paulista');
  await page.getByLabel('UF', { exact: true }).fill('sp');
  await expect(page.getByLabel('UF', { exact: true })).toHaveValue('SP');
  await page.getByLabel('CEP').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await capture(page, testInfo, 'signup-cep-outage');
});

test('sign-up: too many CEP lookups (429) says to wait a moment, not an outage, and the address can still be typed', async ({ page, consoleGuard }) => {
  // The server's limit (ADDRESS_LOOKUP_LIMIT per IP) is tested over HTTP; here its answer is what the screen words.
  consoleGuard.allow(/status of 429/);
  await page.route('**/api/cep/*', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '60' }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Muitas consultas de CEP em pouco tempo. Aguarde um pouco e tente de novo.' } }) }),
  );
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByText('Muitas consultas seguidas. Aguarde um instante e tente de novo.')).toBeVisible();
  await expect(page.getByText('fora do ar', { exact: false })).toHaveCount(0);
  for (const label of ['Rua', 'Bairro', 'Cidade', 'UF']) await expect(page.getByLabel(label, { exact: true })).toBeEditable();
});

test('services page: "Buscar por CEP" during the outage offers the city and the device location, never a dead end', async ({ page }, testInfo) => {
  await page.context().clearPermissions();
  await page.goto('/marketplace/services');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const section = page.getByRole('region', { name: 'Profissionais perto de você' });
  await section.getByLabel('CEP').pressSequentially('01310100');
  await expect(section.getByLabel('CEP')).toHaveValue('01310-100');
  await section.getByRole('button', { name: 'Buscar por CEP' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'O serviço de CEP está fora do ar agora. Use sua localização ou busque pela cidade.' })).toBeVisible();
  await expect(section.getByText('Confira o número', { exact: false })).toHaveCount(0);

  // The city is the way on; the map service is down here too, so that says so and points at the location.
  const byCity = section.getByRole('form', { name: 'Buscar pela cidade' });
  await expect(byCity).toBeVisible();
  await byCity.getByRole('button', { name: 'Buscar pela cidade' }).click();
  await expect(byCity.getByRole('alert')).toHaveText('Informe a cidade');
  await byCity.getByLabel('Cidade').fill('São Paulo');
  await byCity.getByLabel('UF').fill('sp');
  await expect(byCity.getByLabel('UF')).toHaveValue('SP');
  await byCity.getByRole('button', { name: 'Buscar pela cidade' }).click();
  await expect(byCity.getByRole('alert')).toHaveText('O serviço de mapas está fora do ar agora. Use sua localização ou tente de novo em instantes.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await capture(section, testInfo, 'services-cep-outage');

  // The device's location needs no address service: the search runs from it.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: -23.5614, longitude: -46.6559 });
  await section.getByRole('button', { name: 'Usar minha localização' }).click();
  await expect(section.getByText('Perto da sua localização atual')).toBeVisible();
  await expect(section.getByText('Buscando profissionais próximos…').or(section.getByText(/em até 50 km/)).first()).toBeVisible();
});

test('product page: the freight CEP is masked as typed (00000-000)', async ({ page, request }) => {
  const { other } = await pickProducts(request);
  await page.goto(`/marketplace/products/${other.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  const cep = page.getByRole('region', { name: 'Calcular frete' }).getByLabel('CEP de entrega');
  await cep.pressSequentially('90570');
  await expect(cep).toHaveValue('90570');
  await cep.pressSequentially('020');
  await expect(cep).toHaveValue('90570-020');
  await cep.pressSequentially('9');
  await expect(cep).toHaveValue('90570-020'); // at most 8 digits
  await cep.fill('90570020'); // pasted digits
  await expect(cep).toHaveValue('90570-020');
  await cep.fill('abc');
  await expect(cep).toHaveValue('');
});
