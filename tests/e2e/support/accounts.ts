// Helpers of the account browser tests: unique people (the e2e database lives for the whole run),
// the links of the development outbox, and accounts made over the API when a test only needs one.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generateCpf } from '../../../core/identity/cpf';

export interface Person {
  fullName: string;
  firstName: string;
  email: string;
  cpf: string;
  phone: string;
  birthDate: string;
  cep: string;
  street: string;
  number: string;
  district: string;
  city: string;
  state: string;
  password: string;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export function newPerson(firstName = 'Marina'): Person {
  return {
    fullName: `${firstName} Teste Silva`,
    firstName,
    email: `e2e-${unique()}@exemplo.com`,
    cpf: generateCpf(Math.random),
    phone: '11987654321',
    birthDate: '1992-04-17',
    // No postal service is reachable from the e2e server: this CEP (Avenida Paulista) meets the outage, typed by hand.
    cep: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    password: 'senha-segura-1',
  };
}

type LinkType = 'signup' | 'recovery';

/** Path and query of the newest /auth/callback link of `type` mailed to `email` (GET /api/dev/outbox). */
export async function mailedLink(request: APIRequestContext, email: string, type: LinkType): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return null;
        const body = (await response.json()) as { items: { text: string }[] };
        for (const item of body.items) {
          for (const match of item.text.matchAll(/https?:\/\/\S+\/auth\/callback\?\S+/g)) {
            const url = new URL(match[0]);
            if (url.searchParams.get('type') === type && url.searchParams.get('token')) {
              found = `${url.pathname}${url.search}`;
              return found;
            }
          }
        }
        return null;
      },
      { message: `a ${type} link mailed to ${email}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** A confirmed account made over the API, in a cookie jar of its own (the page stays signed out). */
export async function createConfirmedAccount(request: APIRequestContext, person: Person = newPerson()): Promise<Person> {
  const signup = await request.post('/api/auth/signup', {
    data: {
      full_name: person.fullName,
      email: person.email,
      cpf: person.cpf,
      phone: person.phone,
      birth_date: person.birthDate,
      cep: person.cep,
      address_number: person.number,
      address_street: person.street,
      address_district: person.district,
      address_city: person.city,
      address_state: person.state,
      password: person.password,
      accept_terms: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = await mailedLink(request, person.email, 'signup');
  const token = new URL(link, 'http://x').searchParams.get('token');
  const confirm = await request.post('/api/auth/confirm', { data: { token } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return person;
}

/** The toast region (sonner). */
export const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail ou telefone', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}
