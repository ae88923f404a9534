// /influencer-signup for a visitor without an account: ONE form — the sign-up's fields (core's rules, the
// terms) and the application — creates the account and the pending application together; the confirmation link then
// signs the visitor in, and the back office sees the pending application with the visitor's e-mail.
import { mailedLink, newPerson } from './support/accounts';
import { adminRequest } from './support/admin';
import { expect, capture, test } from './support/fixtures';

test('a visitor sends the account and the application in one form', async ({ page, consoleGuard }, testInfo) => {
  test.setTimeout(120_000);
  // The e2e server's CEP lookup knows no CEP (the address is typed by hand).
  consoleGuard.allow(/status of (404|503).*\/api\/cep\//);
  const person = { ...newPerson('Yasmin'), phone: '31987654321' };

  await page.goto('/influencer-signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Seja um influenciador da Turma' })).toBeVisible({ timeout: 15_000 });
  const form = page.getByRole('form', { name: 'Cadastro de influenciador' });
  await expect(form.getByRole('heading', { name: 'Sua conta', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(form.getByRole('heading', { name: 'Sua candidatura' })).toBeVisible();

  // Empty: the account's and the application's mistakes show together, the terms' message included.
  await page.getByRole('button', { name: 'Enviar candidatura' }).click();
  await expect(form.getByText('Você deve aceitar os termos e políticas de privacidade')).toBeVisible();
  await expect(form.getByText('Informe o nicho')).toBeVisible();
  await capture(page, testInfo, 'influencer-signup-combined-errors', { fullPage: true });

  await form.getByLabel('Nome completo').fill(person.fullName);
  await form.getByLabel('E-mail', { exact: true }).fill(person.email);
  await form.getByLabel('CPF').pressSequentially(person.cpf);
  await form.getByLabel('Celular').pressSequentially(person.phone);
  await form.getByLabel('Data de nascimento').fill(person.birthDate);
  await form.getByLabel('CEP').pressSequentially(person.cep);
  const street = form.getByLabel('Rua');
  await expect(street).toBeEditable();
  await street.fill(person.street);
  await form.getByLabel('Número').fill(person.number);
  await form.getByLabel('Bairro').fill(person.district);
  await form.getByLabel('Cidade', { exact: true }).fill(person.city);
  await form.getByLabel('UF', { exact: true }).fill(person.state);
  await form.getByLabel('Senha', { exact: true }).fill(person.password);
  await form.getByRole('checkbox', { name: /Li e aceito os Termos de Uso/ }).check();
  await form.getByRole('textbox', { name: 'Instagram' }).fill('@yasmin.fit');
  await form.getByLabel('Seguidores (somando as redes)').fill('32000');
  await form.getByLabel('Nicho').fill('Fitness');
  await form.getByLabel('Tipo de chave').selectOption('EMAIL');
  await form.getByLabel('Chave PIX').fill(person.email);
  await page.getByRole('button', { name: 'Enviar candidatura' }).click();

  await expect(page.getByRole('heading', { name: 'Candidatura em análise' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Enviamos um link de confirmação para ${person.email}`)).toBeVisible();
  await capture(page, testInfo, 'influencer-signup-combined-sent');

  // The account exists (unconfirmed), as after any sign-up: its confirmation link was e-mailed.
  expect(await mailedLink(page.request, person.email, 'signup')).toMatch(/^\/auth\/callback\?/);

  // The back office sees the pending application of this account.
  const admin = await adminRequest();
  const list = await admin.get(`/api/admin/influencers?filter=${encodeURIComponent(JSON.stringify({ q: person.email }))}`);
  expect(list.status(), await list.text()).toBe(200);
  const rows = (await list.json()) as Array<{ email: string; status: string; instagram: string; niche: string }>;
  expect(rows).toEqual([expect.objectContaining({ email: person.email, status: 'pending', instagram: 'yasmin.fit', niche: 'Fitness' })]);
  await admin.dispose();
});
