// The embedded sandbox payment provider (docs/product/payments.md) on a real database: a valid PIX BR Code and QR, idempotent
// charges, "Simular pagamento" through the Asaas webhook contract, refunds, the test boleto page and its wiring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parsePix, hasError, isStaticPix } from 'pix-utils';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { sandboxRoutes } from '../../adapters/http/routes/sandbox.routes';
import { AsaasPaymentGateway } from '../../adapters/payments/asaas.gateway';
import {
  SANDBOX_PIX_KEY,
  SANDBOX_PIX_TTL_MS,
  SandboxPaymentGateway,
  boletoDueFactor,
  pixTxid,
} from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { generateCpf } from '../../core/identity/cpf';
import type { CreateChargeInput, PaymentGateway } from '../../core/ports/payments';
import { FixedClock } from '../../core/shared/clock';
import { DomainError } from '../../core/shared/errors';
import { createTestApp, type TestApp } from '../support/test-app';
import { PRODUCTION_TEST_ENV } from '../support/production-env';

let app: TestApp;
let sandbox: SandboxPaymentGateway;

beforeAll(async () => {
  app = await createTestApp();
  sandbox = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
});
afterAll(async () => {
  await app?.close();
});

const dueDate = (days = 3) => new Date(Date.now() - 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const ref = () => `0b3f6a2e-${Date.now().toString(16)}-4c1d-9e7a-${(++seq).toString(16).padStart(12, '0')}`;

async function newCharge(extra: Partial<CreateChargeInput> = {}, gateway: PaymentGateway = sandbox) {
  const customerId = await gateway.ensureCustomer({
    name: 'João Pereira',
    cpf: generateCpf(Math.random),
    email: 'joao@example.com',
    externalReference: 'user-x',
  });
  return gateway.createCharge({
    customerId,
    method: 'PIX',
    amount: 12345,
    dueDate: dueDate(),
    description: 'Entrada da turma',
    externalReference: ref(),
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => {
      throw new Error('esperava um erro');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the BR Code checksum, written here to check pix-utils independently. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function decodeQr(dataUrl: string): string | undefined {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('wiring', () => {
  it('the sandbox is the default PaymentGateway and TOKENS.SandboxGateway is the same instance', () => {
    const gateway = app.container.get<PaymentGateway>(TOKENS.PaymentGateway);
    expect(gateway.name).toBe('sandbox');
    expect(gateway).toBeInstanceOf(SandboxPaymentGateway);
    expect(gateway).toBe(sandbox);
  });

  it('PAYMENT_PROVIDER=asaas binds Asaas, leaves TOKENS.SandboxGateway unbound and registers no boleto route', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp',
      LOG_LEVEL: 'silent',
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_KEY: '$aact_hmlg_test',
      ASAAS_BASE_URL: 'http://127.0.0.1:9/v3',
      ASAAS_WEBHOOK_TOKEN: 'token-de-teste-0123456789',
    });
    const container = buildContainer(config, app.db);
    const gateway = container.get<PaymentGateway>(TOKENS.PaymentGateway);
    expect(gateway).toBeInstanceOf(AsaasPaymentGateway);
    expect(gateway.name).toBe('asaas');
    expect(container.isBound(TOKENS.SandboxGateway)).toBe(false);
    expect(sandboxRoutes(config).stack).toHaveLength(0);
  });

  it('an overriding gateway replaces the provider; TOKENS.SandboxGateway follows it', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', LOG_LEVEL: 'silent' });
    const fakeGateway = { name: 'asaas' } as unknown as PaymentGateway;
    const withFake = buildContainer(config, app.db, { paymentGateway: fakeGateway });
    expect(withFake.get(TOKENS.PaymentGateway)).toBe(fakeGateway);
    expect(withFake.isBound(TOKENS.SandboxGateway)).toBe(false);
    const own = new SandboxPaymentGateway(app.db.knex, { publicUrl: 'http://127.0.0.1' });
    expect(buildContainer(config, app.db, { paymentGateway: own }).get(TOKENS.SandboxGateway)).toBe(own);
  });

  it('the boleto route is not registered in production', () => {
    const base = { ...PRODUCTION_TEST_ENV, DATA_DIR: '/tmp' };
    expect(sandboxRoutes(loadConfig(base)).stack).toHaveLength(0);
    expect(sandboxRoutes(loadConfig({ ...base, NODE_ENV: 'development' })).stack.length).toBeGreaterThan(0);
  });
});

describe('customers', () => {
  it('find or create by CPF: one row per CPF, provider-style id', async () => {
    const cpf = generateCpf(Math.random);
    const input = { name: 'Ana', cpf, email: 'ana@example.com', externalReference: 'u1' };
    const [a, b] = await Promise.all([sandbox.ensureCustomer(input), sandbox.ensureCustomer(input)]);
    expect(a).toMatch(/^cus_sbx_[0-9a-f]+$/);
    expect(b).toBe(a);
    expect(await sandbox.ensureCustomer({ ...input, name: 'Ana Maria' })).toBe(a);
    expect(await app.db.knex('sandbox_customers').where({ cpf }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('an invalid CPF is refused as Asaas would', async () => {
    const err = await rejection(sandbox.ensureCustomer({ name: 'X', cpf: '11111111111', email: 'x@example.com', externalReference: 'u' }));
    expect(err).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
  });
});

describe('PIX', () => {
  it('the BR Code is valid: pix-utils parses it back (CRC checked), amount in reais, key, merchant, txid', async () => {
    const externalReference = ref();
    const created = await newCharge({ amount: 12345, externalReference });
    const qr = await sandbox.getPixQrCode(created.providerId);
    const parsed = parsePix(qr.payload);
    if (hasError(parsed)) throw new Error(parsed.message);
    expect(isStaticPix(parsed)).toBe(true);
    if (!isStaticPix(parsed)) return;
    expect(parsed.transactionAmount).toBe(123.45);
    expect(parsed.pixKey).toBe(SANDBOX_PIX_KEY);
    expect(parsed.merchantName).toBe('TURMA SANDBOX');
    expect(parsed.merchantCity).toBe('SAO PAULO');
    expect(parsed.txid).toBe(pixTxid(externalReference));
    expect(parsed.txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
    // Independent check of the checksum: field 63, 4 hex digits over everything before them.
    expect(qr.payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(qr.payload.slice(-4)).toBe(crc16(qr.payload.slice(0, -4)));
    // And a tampered amount no longer parses.
    expect(hasError(parsePix(qr.payload.replace('123.45', '923.45')))).toBe(true);
  });

  it('the QR image is a PNG data URL that decodes to the copia-e-cola', async () => {
    const created = await newCharge();
    const qr = await sandbox.getPixQrCode(created.providerId);
    expect(decodeQr(qr.image)).toBe(qr.payload);
  });

  it('expires 30 minutes after the charge was made (the place-hold time)', async () => {
    const before = Date.now();
    const created = await newCharge();
    const qr = await sandbox.getPixQrCode(created.providerId);
    expect(SANDBOX_PIX_TTL_MS).toBe(30 * 60 * 1000);
    expect(qr.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SANDBOX_PIX_TTL_MS - 1000);
    expect(qr.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SANDBOX_PIX_TTL_MS + 1000);
  });

  it('pixTxid keeps letters and digits only, at most 25', () => {
    expect(pixTxid('0b3f6a2e-1c4d-4c1d-9e7a-0123456789ab')).toBe('0b3f6a2e1c4d4c1d9e7a01234');
    expect(pixTxid('---')).toMatch(/^[0-9a-f]{25}$/);
  });

  it('a card charge has no PIX and no hosted page (the payment screen simulates instead)', async () => {
    const created = await newCharge({ method: 'CREDIT_CARD', installments: 3 });
    expect(created).toMatchObject({ method: 'CREDIT_CARD', invoiceUrl: null, boletoUrl: null, amount: 12345 });
    expect(await rejection(sandbox.getPixQrCode(created.providerId))).toMatchObject({ kind: 'invalid' });
  });
});

describe('charges', () => {
  it('a charge as the port describes it', async () => {
    const externalReference = ref();
    const created = await newCharge({ externalReference });
    expect(created).toEqual({
      providerId: expect.stringMatching(/^pay_sbx_[0-9a-f]+$/),
      status: 'pending',
      amount: 12345,
      externalReference,
      method: 'PIX',
      invoiceUrl: null,
      boletoUrl: null,
      refundedAmount: 0,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await sandbox.getCharge(created.providerId)).toEqual(created);
  });

  it('idempotent by externalReference, even for concurrent calls: one row, one id', async () => {
    const externalReference = ref();
    const customerId = await sandbox.ensureCustomer({ name: 'Bia', cpf: generateCpf(Math.random), email: 'b@example.com', externalReference: 'u' });
    const input: CreateChargeInput = { customerId, method: 'PIX', amount: 5000, dueDate: dueDate(), description: 'x', externalReference };
    const [a, b] = await Promise.all([sandbox.createCharge(input), sandbox.createCharge(input)]);
    const c = await sandbox.createCharge({ ...input, amount: 9999 });
    expect(b.providerId).toBe(a.providerId);
    expect(c).toEqual(a);
    expect(await app.db.knex('sandbox_charges').where({ external_reference: externalReference }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it.each([
    ['an unknown customer', { customerId: 'cus_sbx_nope' }],
    ['a due date before today', { dueDate: dueDate(-2) }],
    ['a zero amount', { amount: 0 }],
    ['13 instalments', { method: 'CREDIT_CARD' as const, installments: 13 }],
  ] as [string, Partial<CreateChargeInput>][])('%s is refused (invalid)', async (_name, extra) => {
    const err = await rejection(
      (async () => {
        const customerId = extra.customerId ?? (await sandbox.ensureCustomer({ name: 'C', cpf: generateCpf(Math.random), email: 'c@example.com', externalReference: 'u' }));
        return sandbox.createCharge({ customerId, method: 'PIX', amount: 100, dueDate: dueDate(), description: 'x', externalReference: ref(), ...extra });
      })(),
    );
    expect(err).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
  });

  it('an unknown charge → not_found payment_not_found', async () => {
    expect(await rejection(sandbox.getCharge('pay_sbx_nope'))).toMatchObject({ kind: 'not_found', code: 'payment_not_found' });
  });

  it('a pending charge past its due date reads as overdue, and can still be paid', async () => {
    const clock = new FixedClock(new Date());
    const gateway = new SandboxPaymentGateway(app.db.knex, { publicUrl: 'http://127.0.0.1', clock });
    const created = await newCharge({ dueDate: dueDate(0) }, gateway);
    clock.advance(2 * 86_400_000);
    expect((await gateway.getCharge(created.providerId)).status).toBe('overdue');
    await gateway.simulatePayment(created.providerId);
    expect((await gateway.getCharge(created.providerId)).status).toBe('confirmed');
  });
});

describe('Simular pagamento → the Asaas webhook path', () => {
  it('confirms the charge and returns the webhook Asaas would send, which parseWebhook accepts', async () => {
    const externalReference = ref();
    const created = await newCharge({ externalReference, method: 'BOLETO', amount: 4990 });
    const webhook = await sandbox.simulatePayment(created.providerId);
    expect(webhook.changed).toBe(true);
    expect(webhook.headers['asaas-access-token']).toBe(sandbox.webhookToken);
    expect(webhook.body).toMatchObject({
      id: expect.stringMatching(/^evt_sbx_[0-9a-f]+$/),
      event: 'PAYMENT_RECEIVED',
      dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      payment: { object: 'payment', id: created.providerId, externalReference, status: 'RECEIVED', value: 49.9, billingType: 'BOLETO' },
    });
    // Through JSON, as the HTTP handler would receive it.
    const event = sandbox.parseWebhook(webhook.headers, JSON.parse(JSON.stringify(webhook.body)));
    expect(event).toMatchObject({ eventId: webhook.body.id, type: 'PAYMENT_RECEIVED', providerPaymentId: created.providerId, externalReference });
    expect(Math.abs(event.createdAt!.getTime() - Date.now())).toBeLessThan(5_000);
    expect(await sandbox.getCharge(created.providerId)).toMatchObject({ status: 'confirmed', amount: 4990, refundedAmount: 0 });
  });

  it('a second simulate on a confirmed charge changes nothing (changed: false, a new event id, still confirmed)', async () => {
    const created = await newCharge();
    const first = await sandbox.simulatePayment(created.providerId);
    const row = await app.db.knex('sandbox_charges').where({ id: created.providerId }).first();
    const second = await sandbox.simulatePayment(created.providerId);
    expect(second.changed).toBe(false);
    expect(second.body.id).not.toBe(first.body.id);
    const after = await app.db.knex('sandbox_charges').where({ id: created.providerId }).first();
    expect(after.status).toBe('confirmed');
    expect(new Date(after.confirmed_at).getTime()).toBe(new Date(row.confirmed_at).getTime());
    expect(new Date(after.updated_at).getTime()).toBe(new Date(row.updated_at).getTime());
  });

  it('a refunded charge cannot be "paid" again (conflict)', async () => {
    const created = await newCharge();
    await sandbox.simulatePayment(created.providerId);
    await sandbox.refund(created.providerId);
    expect(await rejection(sandbox.simulatePayment(created.providerId))).toMatchObject({ kind: 'conflict', code: 'payment_not_pending' });
    expect((await sandbox.getCharge(created.providerId)).status).toBe('refunded');
  });

  it('webhooks with a wrong or missing token are refused, constant-time, like Asaas', async () => {
    const created = await newCharge();
    const { body } = await sandbox.simulatePayment(created.providerId);
    const other = new SandboxPaymentGateway(app.db.knex, { publicUrl: 'http://127.0.0.1' });
    for (const headers of [{ 'asaas-access-token': other.webhookToken }, { 'asaas-access-token': 'x' }, {}]) {
      expect(() => sandbox.parseWebhook(headers, body)).toThrowError(expect.objectContaining({ kind: 'unauthenticated', code: 'invalid_webhook_token' }));
    }
    expect(new SandboxPaymentGateway(app.db.knex, { publicUrl: 'x', webhookToken: 'from-config' }).webhookToken).toBe('from-config');
  });
});

describe('refunds', () => {
  it('partial refunds accumulate (still confirmed); the rest makes it refunded; nothing more after that', async () => {
    const created = await newCharge({ amount: 5000 });
    await sandbox.simulatePayment(created.providerId);
    expect(await sandbox.refund(created.providerId, 1000)).toMatchObject({ status: 'confirmed', refundedAmount: 1000 });
    expect(await sandbox.refund(created.providerId, 1500, 'parcial')).toMatchObject({ status: 'confirmed', refundedAmount: 2500 });
    expect(await sandbox.refund(created.providerId)).toMatchObject({ status: 'refunded', refundedAmount: 5000 });
    expect(await rejection(sandbox.refund(created.providerId, 1))).toMatchObject({ kind: 'invalid', message: 'Esta cobrança já foi estornada.' });
  });

  it('more than what is left, zero, or an unpaid charge → invalid', async () => {
    const pending = await newCharge({ amount: 5000 });
    expect(await rejection(sandbox.refund(pending.providerId))).toMatchObject({ kind: 'invalid', message: 'Só é possível estornar cobranças pagas.' });
    await sandbox.simulatePayment(pending.providerId);
    await sandbox.refund(pending.providerId, 4000);
    expect(await rejection(sandbox.refund(pending.providerId, 1001))).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
    expect(await rejection(sandbox.refund(pending.providerId, 0))).toMatchObject({ kind: 'invalid' });
    expect((await sandbox.getCharge(pending.providerId)).refundedAmount).toBe(4000);
  });

  it('two concurrent full refunds give back the amount once', async () => {
    const created = await newCharge({ amount: 3000 });
    await sandbox.simulatePayment(created.providerId);
    const results = await Promise.allSettled([sandbox.refund(created.providerId), sandbox.refund(created.providerId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await sandbox.getCharge(created.providerId)).toMatchObject({ status: 'refunded', refundedAmount: 3000 });
  });

  it('two concurrent partial refunds that together exceed the amount: one succeeds, the other is a clean invalid', async () => {
    const created = await newCharge({ amount: 3000 });
    await sandbox.simulatePayment(created.providerId);
    const results = await Promise.allSettled([sandbox.refund(created.providerId, 2000), sandbox.refund(created.providerId, 2000)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed?.reason).toBeInstanceOf(DomainError);
    expect(failed?.reason).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
    expect(await sandbox.getCharge(created.providerId)).toMatchObject({ status: 'confirmed', refundedAmount: 2000 });
  });
});

describe('test boleto', () => {
  function mod10(n: string) {
    let sum = 0;
    [...n].reverse().forEach((d, i) => {
      const p = Number(d) * (i % 2 === 0 ? 2 : 1);
      sum += p > 9 ? p - 9 : p;
    });
    return (10 - (sum % 10)) % 10;
  }
  function mod11(n: string) {
    let sum = 0;
    [...n].reverse().forEach((d, i) => (sum += Number(d) * (2 + (i % 8))));
    const dv = 11 - (sum % 11);
    return dv >= 10 || dv === 0 ? 1 : dv;
  }

  it('boletoUrl points at the page, which shows "BOLETO DE TESTE — NÃO PAGUE" and a linha digitável whose check digits hold', async () => {
    const due = dueDate(5);
    const created = await newCharge({ method: 'BOLETO', amount: 12345, dueDate: due });
    expect(created.boletoUrl).toBe(`${app.config.publicUrl}/api/sandbox/payments/${created.providerId}/boleto`);
    const boleto = (await sandbox.getBoleto(created.providerId))!;
    const line = boleto.digitableLine.replace(/\D/g, '');
    expect(line).toHaveLength(47);
    expect(boleto.barcode).toHaveLength(44);
    // Fields 1–3 carry a module-10 digit each; the general digit is module 11 over the barcode.
    expect(Number(line[9])).toBe(mod10(line.slice(0, 9)));
    expect(Number(line[20])).toBe(mod10(line.slice(10, 20)));
    expect(Number(line[31])).toBe(mod10(line.slice(21, 31)));
    expect(Number(boleto.barcode[4])).toBe(mod11(boleto.barcode.slice(0, 4) + boleto.barcode.slice(5)));
    expect(line.slice(33)).toBe(`${boletoDueFactor(due)}0000012345`);
    expect(line.slice(0, 4)).toBe('0009'); // bank 000 (no real bank), currency 9

    const res = await app.client().get(new URL(created.boletoUrl!).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('BOLETO DE TESTE — NÃO PAGUE');
    expect(res.text).toContain(boleto.digitableLine);
    expect(res.text).toContain('R$&nbsp;123,45'.replace('&nbsp;', '\u00a0'));
    expect(res.text).toContain(`${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`);
  });

  it('the due factor restarts at 1000 on 2025-02-22', () => {
    expect(boletoDueFactor('2000-07-03')).toBe('1000');
    expect(boletoDueFactor('2025-02-21')).toBe('9999');
    expect(boletoDueFactor('2025-02-22')).toBe('1000');
    expect(boletoDueFactor('2025-02-23')).toBe('1001');
  });

  it('an unknown id or a PIX charge → a 404 page', async () => {
    const pix = await newCharge();
    for (const id of ['pay_sbx_nope', pix.providerId]) {
      const res = await app.client().get(`/api/sandbox/payments/${id}/boleto`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Boleto não encontrado');
    }
  });
});

describe('transfers (payouts): simulated at once, with the webhook Asaas would send', () => {
  it('settles DONE, delivers TRANSFER_DONE to the webhook handler, and is idempotent by externalReference', async () => {
    const delivered: Array<{ headers: Record<string, string>; body: Record<string, unknown> }> = [];
    const standalone = new SandboxPaymentGateway(app.db.knex, { publicUrl: 'http://127.0.0.1', webhookToken: 'sandbox-token-0123456789-abcdefghij' });
    standalone.deliverWebhooksTo(async (headers, body) => {
      delivered.push({ headers, body });
    });
    const input = { value: 5_400, pixKey: 'pro@exemplo.com.br', pixKeyType: 'EMAIL' as const, description: 'Turma: repasse', externalReference: crypto.randomUUID() };
    const first = await standalone.createTransfer(input);
    expect(first).toMatchObject({ status: 'done', value: 5_400, externalReference: input.externalReference, failReason: null });
    expect(await standalone.createTransfer(input)).toMatchObject({ id: first.id, status: 'done' });
    expect(await app.db.knex('sandbox_transfers').where({ external_reference: input.externalReference })).toHaveLength(1);
    expect(await standalone.getTransfer(first.id)).toEqual(first);
    // One webhook (the second call found the transfer), parsed like Asaas's.
    expect(delivered).toHaveLength(1);
    const event = standalone.parseWebhook(delivered[0]!.headers, delivered[0]!.body);
    expect(event).toMatchObject({ type: 'TRANSFER_DONE', providerTransferId: first.id, externalReference: input.externalReference, providerPaymentId: null });
    expect(delivered[0]!.body.transfer).toMatchObject({ object: 'transfer', status: 'DONE', value: 54, pixAddressKeyType: 'EMAIL' });
  });

  it('a PIX key starting with "falha" fails the transfer with a reason (TRANSFER_FAILED)', async () => {
    const events: string[] = [];
    const standalone = new SandboxPaymentGateway(app.db.knex, { publicUrl: 'http://127.0.0.1' });
    standalone.deliverWebhooksTo(async (_headers, body) => {
      events.push(String(body.event));
    });
    const t = await standalone.createTransfer({ value: 100, pixKey: 'falha@exemplo.com.br', pixKeyType: 'EMAIL', description: 'x', externalReference: crypto.randomUUID() });
    expect(t).toMatchObject({ status: 'failed', failReason: 'Chave PIX não encontrada.' });
    expect(events).toEqual(['TRANSFER_FAILED']);
    await expect(standalone.createTransfer({ value: 0, pixKey: 'a@b.com', pixKeyType: 'EMAIL', description: 'x', externalReference: crypto.randomUUID() })).rejects.toMatchObject({ kind: 'invalid' });
  });
});
