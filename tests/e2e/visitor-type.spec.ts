// The visitor type through the redirect: /r/TURMA10?ref=<code> lands on the landing with both codes, the session keeps
// 'influencer' (core's rule: inf beats ref), and the sign-up form sends it: the stored sign-up says influencer.
import { newPerson, toasts } from './support/accounts';
import { adminRequest } from './support/admin';
import { expect, test } from './support/fixtures';

test('an influencer link carrying a referral code signs up an influencer visitor', async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 40[13]/);
  const person = newPerson('Vitória');
  await page.goto('/r/TURMA10?ref=AMIGA7');
  await expect(page).toHaveURL(/\/\?ref=AMIGA7&inf=TURMA10$/, { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('turma_visitor_type'))).toBe('influencer');

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome completo').fill(person.fullName);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('CPF').pressSequentially(person.cpf);
  await page.getByLabel('Telefone').pressSequentially('21976543219');
  await page.getByLabel('Data de nascimento').fill(person.birthDate);
  await page.getByLabel('CEP').pressSequentially(person.cep);
  const street = page.getByLabel('Rua');
  await expect(street).toBeEditable(); // the e2e server's CEP service is down: the address is typed
  await street.fill(person.street);
  await page.getByLabel('Número').fill(person.number);
  await page.getByLabel('Bairro').fill(person.district);
  await page.getByLabel('Cidade', { exact: true }).fill(person.city);
  await page.getByLabel('UF', { exact: true }).fill(person.state);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: /Li e aceito os Termos de uso/ }).check();
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
  await expect(toasts(page).getByText('Cadastro realizado!')).toBeVisible();

  const admin = await adminRequest();
  const filter = encodeURIComponent(JSON.stringify({ action: 'user.signed_up', actor_email: person.email }));
  const res = await admin.get(`/api/admin/audit-logs?filter=${filter}`);
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as Array<{ metadata: { origem?: string; visitor_type?: string } }>;
  expect(rows).toHaveLength(1);
  expect(rows[0]!.metadata).toMatchObject({ origem: 'influenciador', visitor_type: 'influencer' });
});
