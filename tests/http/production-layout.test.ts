// The production layout of docs/operations.md: `turma db migrate`, two web servers with jobs off behind a proxy and a
// worker, on PostgreSQL and an S3 bucket; one purchase through it (sign-up, entries and balance paid by webhooks to
// either server, voucher redeemed, a photo uploaded through one server and served by the other), every job in the worker.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { formatCpf, generateCpf } from '../../core/identity/cpf';
import { HttpClient, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createPlan, createUser } from '../support/factories';
import { startInstance, startRoundRobinProxy, startWorkerInstance, type Instance, type RoundRobinProxy } from '../support/instances';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { startFakeS3, type FakeS3 } from '../fakes/s3.fake';

const ROOT = resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`esperando: ${what}`);
    await sleep(150);
  }
}

/** `turma <args>` as a deploy script runs it: its own process, the same environment as the servers. */
async function turma(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['cli/bin.js', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

// Several processes on one database: PostgreSQL only (an embedded PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)('the production layout: two web servers and a worker (PostgreSQL only: PGlite serves one process)', { timeout: 120_000 }, () => {
  let db: TestDatabase;
  let asaas: AsaasFake;
  let cep: ViaCepFake;
  let s3: FakeS3;
  let webs: Instance[] = [];
  let worker: Instance;
  let proxy: RoundRobinProxy;
  let shim: TestApp;
  let ipSeq = 10;
  // (The user made before the proxy exists never sends a request.)
  const client = () => new HttpClient(proxy?.url ?? 'http://127.0.0.1:9', `198.51.100.${ipSeq++}`);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    asaas = await startAsaasFake();
    cep = await startViaCepFake();
    s3 = await startFakeS3();
    cep.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: db.url!,
      DATABASE_POOL_MAX: '4',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-layout-')),
      // One bucket for every process: a file uploaded through one server is served by any.
      ...s3.env(),
      SESSION_SECRET: 'layout-test-secret-layout-test-0123456789',
      PUBLIC_URL: 'http://127.0.0.1',
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_BASE_URL: asaas.url,
      ASAAS_API_KEY: asaas.apiKey,
      ASAAS_WEBHOOK_TOKEN: asaas.webhookToken,
      VIACEP_URL: cep.url,
      NOMINATIM_URL: 'http://127.0.0.1:9',
      MIGRATE_ON_START: 'false',
    };
    // The deploy's first step, before any instance starts.
    const migrated = await turma(['db', 'migrate'], { ...env, LOG_LEVEL: 'warn' });
    expect(migrated.code, migrated.output).toBe(0);

    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    shim = { db, config, container: buildContainer(config, db), client } as unknown as TestApp;
    // A user before the servers start, so none seeds demo data.
    await createUser(shim, { role: 'admin' });
    const started = await Promise.all([
      startInstance('web-a', { ...env, JOBS_ENABLED: 'false' }),
      startInstance('web-b', { ...env, JOBS_ENABLED: 'false' }),
      startWorkerInstance('worker', env),
    ]);
    webs = started.slice(0, 2);
    worker = started[2]!;
    proxy = await startRoundRobinProxy(webs.map((w) => ({ name: w.name, url: w.url })));
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([...webs, worker].filter(Boolean).map((i) => i.stop()));
    await asaas?.close();
    await cep?.close();
    await s3?.close();
    await db?.destroy();
  }, 30_000);

  /** The Asaas fake marks the charge received and its webhook goes straight to one server (as Asaas reaches any). */
  async function paidByWebhook(paymentId: string, server: Instance) {
    const row = await db.knex('payments').where({ id: paymentId }).first('provider_payment_id');
    asaas.setStatus(row.provider_payment_id, 'RECEIVED');
    const hook = asaas.webhook('PAYMENT_RECEIVED', row.provider_payment_id);
    const res = await fetch(`${server.url}/api/webhooks/asaas`, { method: 'POST', headers: { 'content-type': 'application/json', ...hook.headers }, body: JSON.stringify(hook.body) });
    expect(res.status, await res.text()).toBe(200);
  }

  it('the worker and both servers are ready', async () => {
    expect((await fetch(`${worker.url}/health/ready`)).status).toBe(200);
    for (const web of webs) expect((await fetch(`${web.url}/api/health/ready`)).status).toBe(200);
  });

  it('a purchase end to end: sign-up, entries and balance by webhook, voucher redeemed; a photo served by the other server', async () => {
    // Sign-up through the proxy; the confirmation e-mail is sent by the worker (the servers only enqueue it).
    const email = `ana.layout.${Date.now()}@exemplo.com.br`;
    const ana = client();
    const signup = await ana.post('/api/auth/signup', {
      full_name: 'Ana Layout',
      email,
      cpf: formatCpf(generateCpf(Math.random)),
      phone: '(11) 98765-4321',
      birth_date: '1990-05-17',
      cep: '01310-100',
      address_number: '1578',
      password: 'segredo-123',
      accept_terms: true,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const mail = await until('o e-mail de confirmação', async () => (await db.knex('mail_outbox').where({ to_address: email }).first('text_body')) as { text_body: string } | undefined);
    const token = /type=signup&token=([A-Za-z0-9_%-]+)/.exec(mail.text_body)?.[1];
    expect((await ana.post('/api/auth/confirm', { token: decodeURIComponent(token!) })).status).toBe(200);
    if (!ana.hasCookie('turma_session')) expect((await ana.post('/api/auth/login', { email, password: 'segredo-123' })).status).toBe(200);

    // A group of 2: Ana opens it, Bruno joins; each entry is charged at Asaas and confirmed by a webhook to a different server.
    const plan = await createPlan(shim, { price: 42_000, group_size: 2 });
    const bruno = await createUser(shim, { fullName: 'Bruno Reis' });
    const opened = await ana.post('/api/groups', { plan_id: plan.id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const anaEntry = await ana.post('/api/payments', { purpose: 'entry', ref_id: opened.body.membership.id, method: 'PIX' });
    expect(anaEntry.status, JSON.stringify(anaEntry.body)).toBe(201);
    await paidByWebhook(anaEntry.body.id, webs[0]!);
    const joined = await bruno.client.post(`/api/groups/${opened.body.group.id}/join`, { referral_code: opened.body.membership.invite_code });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const brunoEntry = await bruno.client.post('/api/payments', { purpose: 'entry', ref_id: joined.body.membership.id, method: 'PIX' });
    await paidByWebhook(brunoEntry.body.id, webs[1]!);
    const mine = (await ana.get('/api/me/groups')).body.items[0];
    expect(mine.group).toMatchObject({ status: 'complete', members_paid: 2 });
    expect(mine.voucher).toMatchObject({ status: 'awaiting_balance', balance_due: 37_800 });

    // The balance, then the voucher is redeemed at an approved professional of the plan's category.
    const balance = await ana.post('/api/payments', { purpose: 'balance', ref_id: mine.voucher.id, method: 'PIX' });
    expect(balance.status, JSON.stringify(balance.body)).toBe(201);
    await paidByWebhook(balance.body.id, webs[0]!);
    expect((await ana.get('/api/me/groups')).body.items[0].voucher.status).toBe('redeemable');
    const pro = await createUser(shim, { fullName: 'Paula Traço' });
    const category = (await db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug')).slug as string;
    await db.knex('professionals').insert({
      user_id: pro.id, status: 'approved', approved: true, category, business_name: 'Estúdio Layout', full_name: pro.fullName, tax_id: '11144477735',
      cep: '01310100', bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.', pix_key_type: 'EMAIL', pix_key: 'layout@exemplo.com.br',
    });
    await db.knex('users').where({ id: pro.id }).update({ role: 'professional' });
    const redeemed = await pro.client.post('/api/vouchers/redeem', { code: mine.voucher.code });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect((await ana.get('/api/me/groups')).body.items[0].voucher.status).toBe('redeemed');

    // The professional's photo: uploaded to one server, stored in the bucket, served by the other.
    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f80' } }).png().toBuffer();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const upload = await fetch(`${webs[0]!.url}/api/me/professional/photos`, { method: 'POST', headers: { cookie: pro.client.cookieHeader(), 'x-forwarded-for': pro.client.ip }, body: form });
    const uploaded = (await upload.json()) as { url: string };
    expect(upload.status, JSON.stringify(uploaded)).toBe(201);
    expect(s3.objects.has(uploaded.url.replace(/^\/media\//, ''))).toBe(true);
    const fromA = await fetch(`${webs[0]!.url}${uploaded.url}`);
    const fromB = await fetch(`${webs[1]!.url}${uploaded.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    // Every job ran in the worker: the servers only enqueued.
    const ranJobs = (i: Instance) => i.logs.filter((l) => l.msg === 'job executado').map((l) => l.job);
    await until('o worker enviar os e-mails da compra', async () => ranJobs(worker).filter((j) => j === 'mail.send').length >= 2);
    for (const web of webs) expect(ranJobs(web)).toEqual([]);
    expect(proxyServedBoth()).toBe(true);
  });

  const proxyServedBoth = () => new Set(proxy.served).size === 2;
});
