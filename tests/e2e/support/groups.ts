// Helpers of the group browser tests: a plan made for the test through the back-office API (the
// seeded plans need 4–10 people), and a sign-up through the real form.
import { expect, type Page } from '@playwright/test';
import type { Person } from './accounts';
import { adminRequest } from './admin';

export interface TestPlan {
  id: string;
  name: string;
  price: number;
  full_price: number;
  group_size: number;
}

/**
 * A plan for `size` people (a service plan unless `kind` says 'product'), created by the demo admin
 * (POST /api/admin/plans) in a request context of its own.
 */
export async function createPlanAsAdmin({ size = 2, price = 10_000, fullPrice = 15_000, kind = 'service' as 'service' | 'product' } = {}): Promise<TestPlan> {
  const request = await adminRequest();
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${kind === 'product' ? 'Kit' : 'Turma'} de teste ${suffix}`;
  try {
    const created = await request.post('/api/admin/plans', {
      data: {
        slug: `e2e-${kind}-${suffix}`,
        name,
        description: 'Plano criado pelo teste de navegador.',
        kind,
        category_id: null,
        price,
        full_price: fullPrice,
        group_size: size,
        window_days: 7,
        active: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const plan = (await created.json()) as { id: string };
    return { id: plan.id, name, price, full_price: fullPrice, group_size: size };
  } finally {
    await request.dispose();
  }
}

/** Fills and sends the sign-up form (the CEP lookup fails on the e2e server: the address is typed). */
export async function signUpThroughForm(page: Page, person: Person) {
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome completo').fill(person.fullName);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('CPF').pressSequentially(person.cpf);
  await page.getByLabel('Telefone').pressSequentially(person.phone);
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
  await page.getByRole('checkbox', { name: /Li e aceito os Termos de uso/ }).check();
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
}
