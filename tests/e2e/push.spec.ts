// Browser notifications' switch on /notifications and /profile: the button while the browser has not been asked, and
// the blocked state (the permission denied) with the way to allow it. Nothing registers a service worker before a click.
import { createConfirmedAccount, signIn } from './support/accounts';
import { expect as baseExpect, test } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });

test('shows the subscribe button, and how to allow notifications once the permission is denied', async ({ page, context, baseURL }) => {
  const person = await createConfirmedAccount(page.request);
  await page.goto('/auth?next=%2Fnotifications');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/notifications$/);

  const panel = page.getByRole('region', { name: 'Notificações no navegador' });
  await expect(panel.getByRole('button', { name: 'Ativar notificações no navegador' })).toBeVisible();
  // Lazy: the page did not register the worker.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Chromium's grant "rejects all others": notifications become denied for the site.
  await context.grantPermissions(['geolocation'], { origin: baseURL! });
  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: 'Notificações no navegador' });
  await expect(blocked.getByText('As notificações estão bloqueadas para o Turma neste navegador.')).toBeVisible();
  await expect(blocked.getByText(/clique no cadeado ao lado do endereço do site/)).toBeVisible();
  await expect(blocked.getByRole('button', { name: 'Ativar notificações no navegador' })).toHaveCount(0);
  await expect(blocked.getByRole('button', { name: 'Já permiti, verificar de novo' })).toBeVisible();
});
