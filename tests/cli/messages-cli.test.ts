// `turma messages test --to <phone>` against the local Graph API fake: the provider's message id, or the failure in pt-BR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGraphFake, type GraphFake } from '../fakes/whatsapp-graph.fake';
import { runTurma } from '../support/cli';

let fake: GraphFake;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startGraphFake();
  env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-messages-cli-')),
    WHATSAPP_PROVIDER: 'cloud',
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_API_VERSION: fake.version,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: fake.token,
    WHATSAPP_APP_SECRET: 'segredo',
    WHATSAPP_VERIFY_TOKEN: 'verificacao',
  };
});
afterAll(async () => {
  await fake?.close();
});

describe('turma messages test', () => {
  it('sends hello_world (en_US) to the number in E.164 and prints the message id', async () => {
    fake.set({ kind: 'ok' });
    const run = await runTurma(['messages', 'test', '--to', '(11) 98765-4321', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ enviado_para: '+5511987654321', modelo: 'hello_world', idioma: 'en_US', provedor: 'whatsapp-cloud', id_da_mensagem: expect.stringMatching(/^wamid\./) });
    expect(fake.accepted.at(-1)).toMatchObject({ id: out.id_da_mensagem, to: '5511987654321', template: 'hello_world', language: 'en_US' });
  });

  it('explains a missing template in Portuguese and exits 1; refuses a number it cannot read', async () => {
    fake.set({ kind: 'template_missing' });
    const run = await runTurma(['messages', 'test', '--to', '+5511987654321', '--template', 'boas_vindas'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Falhou: modelo de mensagem não encontrado ou pausado na conta do WhatsApp (código 132001)\n');
    const bad = await runTurma(['messages', 'test', '--to', '123'], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Erro: telefone inválido: 123/);
  });
});
