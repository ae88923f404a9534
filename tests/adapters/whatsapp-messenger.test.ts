// The WhatsApp Cloud API client against a local fake of the Graph API (faults included), and the development outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsappCloudMessenger } from '../../adapters/messaging/whatsapp-cloud.messenger';
import { OutboxMessenger } from '../../adapters/messaging/outbox.messenger';
import { MessengerError, type TemplateMessage } from '../../core/messaging/messenger';
import { startGraphFake, type GraphFake } from '../fakes/whatsapp-graph.fake';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { ConfigError, loadConfig } from '../../adapters/config';
import { PRODUCTION_TEST_ENV } from '../support/production-env';

let fake: GraphFake;
beforeAll(async () => {
  fake = await startGraphFake();
});
afterAll(async () => {
  await fake.close();
});

const client = (over: Partial<ConstructorParameters<typeof WhatsappCloudMessenger>[0]> = {}) =>
  new WhatsappCloudMessenger({ baseUrl: fake.url, version: fake.version, phoneNumberId: fake.phoneNumberId, accessToken: fake.token, timeoutMs: 500, ...over });

const message: TemplateMessage = { to: '+5511987654321', template: 'pedido_enviado', language: 'pt_BR', parameters: ['#A1', 'BR123'] };

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(MessengerError);
    return err as MessengerError;
  }
  throw new Error('expected a failure');
};

describe('WhatsappCloudMessenger', () => {
  it('posts the template to /{version}/{phone-number-id}/messages with the bearer token and returns the wamid', async () => {
    fake.set({ kind: 'ok' });
    const before = fake.requests.length;
    const { provider_message_id } = await client().sendTemplate(message);
    expect(provider_message_id).toMatch(/^wamid\.FAKE\d+$/);
    const req = fake.requests[before]!;
    expect(req.path).toBe(`/${fake.version}/${fake.phoneNumberId}/messages`);
    expect(req.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(req.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: { name: 'pedido_enviado', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '#A1' }, { type: 'text', text: 'BR123' }] }] },
    });
  });

  it('classifies the provider’s faults: rate limit, template missing, 500, a hang, a refused token', async () => {
    fake.set({ kind: 'rate_limited' });
    expect(await failure(client().sendTemplate(message))).toMatchObject({ kind: 'rate_limited', code: 130429 });
    fake.set({ kind: 'rate_limited', code: 131056 });
    expect(await failure(client().sendTemplate(message))).toMatchObject({ kind: 'rate_limited', code: 131056 });
    fake.set({ kind: 'template_missing' });
    expect(await failure(client().sendTemplate(message))).toMatchObject({ kind: 'permanent', code: 132001 });
    fake.set({ kind: 'error', status: 500 });
    expect(await failure(client().sendTemplate(message))).toMatchObject({ kind: 'retryable' });
    fake.set({ kind: 'hang' });
    const timeout = await failure(client({ timeoutMs: 200 }).sendTemplate(message));
    expect(timeout).toMatchObject({ kind: 'retryable', code: null });
    expect(timeout.message).toMatch(/tempo esgotado/);
    fake.set({ kind: 'ok' });
    expect(await failure(client({ accessToken: 'wrong' }).sendTemplate(message))).toMatchObject({ kind: 'permanent', code: 190 });
  });

  it('a refused connection is retryable', async () => {
    expect(await failure(client({ baseUrl: 'http://127.0.0.1:9' }).sendTemplate(message))).toMatchObject({ kind: 'retryable', code: null });
  });
});

describe('OutboxMessenger', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('keeps the message with its rendered body and prints one line', async () => {
    const lines: string[] = [];
    const { provider_message_id } = await new OutboxMessenger(db.knex, { print: (l) => lines.push(l) }).sendTemplate(message);
    const row = await db.knex('whatsapp_outbox').where({ provider_message_id }).first();
    expect(row).toMatchObject({ to_phone: '+5511987654321', template: 'pedido_enviado', language: 'pt_BR', body: 'Seu pedido #A1 foi enviado. Código de rastreio: BR123.' });
    expect(lines).toEqual(['🟢 WhatsApp para +5511987654321 [pedido_enviado]: Seu pedido #A1 foi enviado. Código de rastreio: BR123.']);
  });
});

describe('WHATSAPP_* settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as ConfigError).problems;
    }
    return [];
  };

  it('outbox outside production, off in production; production refuses the outbox unless TURMA_STAGING', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).whatsapp.provider).toBe('outbox');
    expect(loadConfig({ ...PRODUCTION_TEST_ENV }).whatsapp.provider).toBe('off');
    const refusals = (env: Record<string, string>) => problems({ ...PRODUCTION_TEST_ENV, TURMA_STAGING: 'false', ...env }).filter((p) => p.startsWith('WHATSAPP_'));
    expect(refusals({ WHATSAPP_PROVIDER: 'outbox' })).toEqual([expect.stringMatching(/^WHATSAPP_PROVIDER: outbox só guarda/)]);
    expect(refusals({})).toEqual([]);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, WHATSAPP_PROVIDER: 'outbox' }).whatsapp.provider).toBe('outbox');
  });

  it('cloud lists every missing secret at once', () => {
    expect(problems({ NODE_ENV: 'development', WHATSAPP_PROVIDER: 'cloud' }).map((p) => p.split(':')[0]).sort()).toEqual(['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN']);
  });
});
