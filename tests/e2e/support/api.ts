// The API as a test drives it beside the browser: a cookie jar of its own, a sign-in, a sandbox payment confirmed.
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** A request context with its own cookies, on the project's server. */
export async function apiContext(testInfo: TestInfo): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
}

export async function apiLogin(ctx: APIRequestContext, email: string, password: string) {
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Creates the PIX charge and has the sandbox confirm it (the provider's webhook path). */
export async function paySandbox(ctx: APIRequestContext, purpose: 'entry' | 'balance', refId: string) {
  const created = await ctx.post('/api/payments', { data: { purpose, ref_id: refId, method: 'PIX' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const confirmed = await ctx.post(`/api/sandbox/payments/${id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
