// The unlock link e-mailed when an account's login ceiling is reached lands on /auth/callback?type=unlock.
// A used or unknown token is refused with the pt-BR message and a way back to sign in.
import { expect, capture, test } from './support/fixtures';

test('an unknown unlock link is refused clearly, with a link back to sign in', async ({ page, consoleGuard }, testInfo) => {
  consoleGuard.allow(/status of 400/);
  await page.goto('/auth/callback?type=unlock&token=um-token-de-desbloqueio-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Não foi possível liberar a entrada' })).toBeVisible();
  await expect(page.getByText('Link inválido ou expirado. Tente novamente.').first()).toBeVisible();
  await capture(page, testInfo, 'unlock-refused');
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
