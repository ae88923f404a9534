// The real Asaas client against a local Asaas v3 that speaks its protocol (docs/integrations.md; docs/product/payments.md):
// money on the wire, find-or-create, reconciliation after unknown outcomes, retries, 429, errors and webhooks.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  ASAAS_CARD_TIMEOUT_MS,
  ASAAS_TIMEOUT_MS,
  AsaasPaymentGateway,
  type AsaasGatewayOptions,
} from '../../adapters/payments/asaas.gateway';
import type { Logger } from '../../adapters/logger';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import type { CreateChargeInput, PaymentCustomer } from '../../core/ports/payments';
import { DomainError } from '../../core/shared/errors';
import { asaasFault, startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';

const TIMEOUT_MS = 200;
const UA = turmaUserAgent('https://turma.example');
const CPF = '52998224725';

let fake: AsaasFake;
let sleeps: number[];

beforeAll(async () => {
  fake = await startAsaasFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  sleeps = [];
});

const fakeLogger = () =>
  ({ warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as Logger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

function gateway(extra: Partial<AsaasGatewayOptions> = {}) {
  return new AsaasPaymentGateway({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    webhookToken: fake.webhookToken,
    userAgent: UA,
    timeoutMs: TIMEOUT_MS,
    cardTimeoutMs: 1_000,
    retryBaseMs: 5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
}

const customer = (extra: Partial<PaymentCustomer> = {}): PaymentCustomer => ({
  name: 'Maria da Silva',
  cpf: '529.982.247-25',
  email: 'maria@example.com',
  phone: '(11) 98765-4321',
  postalCode: '01001-000',
  addressNumber: '100',
  externalReference: 'user-1',
  ...extra,
});

/** A date a few days ahead in São Paulo (Asaas refuses due dates before today there). */
const dueDate = (days = 3) => new Date(Date.now() - 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function charge(g: AsaasPaymentGateway, extra: Partial<CreateChargeInput> = {}) {
  const customerId = extra.customerId ?? (await g.ensureCustomer(customer()));
  return g.createCharge({
    customerId,
    method: 'PIX',
    amount: 12345,
    dueDate: dueDate(),
    description: 'Entrada da turma',
    externalReference: `pay-${Math.random().toString(36).slice(2)}`,
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

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

describe('defaults', () => {
  it('15 s per call, at least 60 s for card charges (docs/integrations.md#asaas Payments, §5.1)', () => {
    expect(ASAAS_TIMEOUT_MS).toBe(15_000);
    expect(ASAAS_CARD_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });
});

describe('customers: find or create by CPF', () => {
  it('creates once with notifications off and digits only; the second call finds it (no duplicate)', async () => {
    const g = gateway();
    const id = await g.ensureCustomer(customer());
    expect(id).toMatch(/^cus_/);
    const [post, ...others] = fake.requestsTo('POST', '/customers');
    expect(others).toHaveLength(0);
    expect(post?.body).toEqual({
      name: 'Maria da Silva',
      cpfCnpj: CPF,
      email: 'maria@example.com',
      mobilePhone: '11987654321',
      postalCode: '01001000',
      addressNumber: '100',
      externalReference: 'user-1',
      notificationDisabled: true,
    });
    expect(post?.headers['access_token']).toBe(fake.apiKey);
    expect(post?.headers['user-agent']).toBe(UA);
    expect(post?.headers['content-type']).toBe('application/json');

    expect(await g.ensureCustomer(customer({ email: 'outro@example.com' }))).toBe(id);
    expect(fake.requestsTo('POST', '/customers')).toHaveLength(1);
    expect(fake.customers.size).toBe(1);
    const lookups = fake.requestsTo('GET', '/customers');
    expect(lookups).toHaveLength(2);
    expect(lookups[0]?.query.cpfCnpj).toBe(CPF);
  });

  it('a customer made elsewhere (the Asaas panel) is found, not duplicated', async () => {
    const first = await gateway().ensureCustomer(customer());
    fake.requests.length = 0;
    expect(await gateway().ensureCustomer(customer({ name: 'Outro Nome' }))).toBe(first);
    expect(fake.requestsTo('POST', '/customers')).toHaveLength(0);
  });

  it('a POST /customers that times out after creating is found by CPF, not created twice', async () => {
    fake.fault('POST', '/customers', asaasFault.performThenHang());
    const id = await gateway().ensureCustomer(customer());
    expect(fake.customers.size).toBe(1);
    expect([...fake.customers.keys()]).toEqual([id]);
    expect(fake.requestsTo('POST', '/customers')).toHaveLength(1);
  });

  it('an invalid CPF → 400 with Asaas’s pt-BR description', async () => {
    const err = await rejection(gateway().ensureCustomer(customer({ cpf: '12345678900' })));
    expect(err).toMatchObject({ kind: 'invalid', code: 'payment_invalid', message: 'O CPF/CNPJ informado é inválido.' });
  });
});

describe('charges: reais on the wire, centavos in the port', () => {
  it.each([
    [12345, 123.45],
    [1999, 19.99],
    [10, 0.1],
    [100000, 1000],
    [1, 0.01],
  ])('%i centavos → value %d on the wire → %i centavos back', async (cents, reais) => {
    const g = gateway();
    const result = await charge(g, { amount: cents, externalReference: `ref-${cents}` });
    const [post] = fake.requestsTo('POST', '/payments');
    expect(post?.body.value).toBe(reais);
    expect(JSON.stringify(post?.body)).toContain(`"value":${reais}`);
    expect(result.amount).toBe(cents);
  });

  it('PIX: customer, billingType, dueDate, description, externalReference; mapped to ProviderCharge', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    const due = dueDate(2);
    const result = await g.createCharge({
      customerId,
      method: 'PIX',
      amount: 12345,
      dueDate: due,
      description: 'Entrada da turma Odonto',
      externalReference: 'pay-pix-1',
    });
    const [post] = fake.requestsTo('POST', '/payments');
    expect(post?.body).toEqual({
      customer: customerId,
      billingType: 'PIX',
      value: 123.45,
      dueDate: due,
      description: 'Entrada da turma Odonto',
      externalReference: 'pay-pix-1',
    });
    expect(post?.headers['access_token']).toBe(fake.apiKey);
    expect(post?.headers['user-agent']).toBe(UA);
    const stored = fake.payments.get(result.providerId)!;
    expect(result).toEqual({
      providerId: stored.id,
      status: 'pending',
      amount: 12345,
      externalReference: 'pay-pix-1',
      method: 'PIX',
      invoiceUrl: stored.invoiceUrl,
      boletoUrl: null,
      refundedAmount: 0,
      dueDate: due,
    });
  });

  it('BOLETO: boletoUrl is the bank slip', async () => {
    const result = await charge(gateway(), { method: 'BOLETO' });
    expect(result.method).toBe('BOLETO');
    expect(result.boletoUrl).toBe(fake.payments.get(result.providerId)!.bankSlipUrl);
    expect(result.boletoUrl).toMatch(/^https:\/\//);
  });

  it('CREDIT_CARD in one go: value, no instalment fields, the hosted invoice page', async () => {
    const result = await charge(gateway(), { method: 'CREDIT_CARD', amount: 5000, installments: 1 });
    const [post] = fake.requestsTo('POST', '/payments');
    expect(post?.body).toMatchObject({ billingType: 'CREDIT_CARD', value: 50 });
    expect(post?.body).not.toHaveProperty('installmentCount');
    expect(result).toMatchObject({ method: 'CREDIT_CARD', amount: 5000, status: 'pending' });
    expect(result.invoiceUrl).toMatch(/^https:\/\//);
  });

  it('CREDIT_CARD in 3 instalments: installmentCount + totalValue (R$ 100,00 stays R$ 100,00); amount is the whole purchase', async () => {
    const g = gateway();
    const result = await charge(g, { method: 'CREDIT_CARD', amount: 10000, installments: 3 });
    const [post] = fake.requestsTo('POST', '/payments');
    expect(post?.body).toMatchObject({ billingType: 'CREDIT_CARD', installmentCount: 3, totalValue: 100 });
    expect(post?.body).not.toHaveProperty('value');
    const instalments = [...fake.payments.values()];
    expect(instalments.map((p) => p.value)).toEqual([33.33, 33.33, 33.34]);
    expect(result.amount).toBe(10000);
    expect((await g.getCharge(result.providerId)).amount).toBe(10000);
    expect(fake.requestsTo('GET', '/installments/:id').length).toBeGreaterThan(0);
  });

  it('card requests get the long timeout: a 400 ms answer is fine for a card, a timeout for PIX', async () => {
    const g = gateway({ timeoutMs: 150, cardTimeoutMs: 2_000 });
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.delay(400));
    const card = await charge(g, { customerId, method: 'CREDIT_CARD', amount: 5000 });
    expect(card.status).toBe('pending');
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1);
    // The same delay on a PIX POST is a timeout (and the charge is then found, see below).
    fake.fault('POST', '/payments', asaasFault.performThenHang());
    const [, ms] = await timed(() => charge(g, { customerId, method: 'PIX' }));
    expect(ms).toBeLessThan(1_000);
  });

  it('createCharge is idempotent by externalReference: a second call returns the same charge without a POST', async () => {
    const g = gateway();
    const first = await charge(g, { externalReference: 'pay-same' });
    const second = await charge(g, { externalReference: 'pay-same' });
    expect(second).toEqual(first);
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1);
    expect(fake.payments.size).toBe(1);
  });

  it('a due date before today in São Paulo → 400 with Asaas’s pt-BR description', async () => {
    const err = await rejection(charge(gateway(), { dueDate: dueDate(-2) }));
    expect(err).toMatchObject({
      kind: 'invalid',
      code: 'payment_invalid',
      message: 'A data de vencimento não pode ser anterior à data de hoje.',
    });
  });
});

describe('PIX QR code', () => {
  it('data:image/png URL from encodedImage, the payload, and the expiry read as São Paulo time (UTC−03:00)', async () => {
    const g = gateway();
    const created = await charge(g);
    const qr = await g.getPixQrCode(created.providerId);
    const [req] = fake.requestsTo('GET', '/payments/:id/pixQrCode');
    expect(req?.path).toBe(`/payments/${created.providerId}/pixQrCode`);
    expect(qr.payload).toMatch(/^000201/);
    expect(qr.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const due = fake.payments.get(created.providerId)!.dueDate as string;
    const expiry = `${Number(due.slice(0, 4)) + 1}${due.slice(4)}`;
    // "YYYY-MM-DD 23:59:59" in São Paulo is 02:59:59 UTC the next day.
    expect(qr.expiresAt.toISOString()).toBe(new Date(Date.parse(`${expiry}T23:59:59Z`) + 3 * 3600_000).toISOString());
  });

  it('without encodedImage (seen in sandbox) the payload is rendered as a PNG QR that decodes back to it', async () => {
    fake.sendPixImage = false;
    const g = gateway();
    const qr = await g.getPixQrCode((await charge(g)).providerId);
    expect(qr.image).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(qr.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(qr.payload);
  });

  it('an unknown payment → 404 → not_found payment_not_found', async () => {
    const err = await rejection(gateway().getPixQrCode('pay_000000000999'));
    expect(err).toMatchObject({ kind: 'not_found', code: 'payment_not_found' });
  });
});

describe('status mapping (the port’s table)', () => {
  it.each([
    ['PENDING', 'pending'],
    ['AWAITING_RISK_ANALYSIS', 'pending'],
    ['RECEIVED', 'confirmed'],
    ['CONFIRMED', 'confirmed'],
    ['RECEIVED_IN_CASH', 'confirmed'],
    ['OVERDUE', 'overdue'],
    ['REFUND_REQUESTED', 'refunding'],
    ['REFUND_IN_PROGRESS', 'refunding'],
    ['REFUNDED', 'refunded'],
    ['CHARGEBACK_REQUESTED', 'chargeback'],
    ['CHARGEBACK_DISPUTE', 'chargeback'],
    ['AWAITING_CHARGEBACK_REVERSAL', 'chargeback'],
    ['DUNNING_REQUESTED', 'pending'],
    ['A_STATUS_FROM_THE_FUTURE', 'pending'],
  ])('%s → %s', async (asaasStatus, ours) => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, asaasStatus);
    expect((await g.getCharge(created.providerId)).status).toBe(ours);
  });

  it('deleted: true → cancelled, whatever the status', async () => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'PENDING', { deleted: true });
    expect((await g.getCharge(created.providerId)).status).toBe('cancelled');
  });

  it('REFUNDED without a refunds list still reports everything refunded', async () => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'REFUNDED', { refunds: null });
    expect(await g.getCharge(created.providerId)).toMatchObject({ status: 'refunded', refundedAmount: 12345 });
  });
});

describe('refunds', () => {
  it('full: POST /payments/{id}/refund without value → refunded, refundedAmount = amount', async () => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'RECEIVED');
    const result = await g.refund(created.providerId);
    const [post] = fake.requestsTo('POST', '/payments/:id/refund');
    expect(post?.path).toBe(`/payments/${created.providerId}/refund`);
    expect(post?.body).toEqual({});
    expect(result).toMatchObject({ status: 'refunded', refundedAmount: 12345, amount: 12345 });
  });

  it('partial: value in reais and the description; refunds accumulate; then the rest', async () => {
    const g = gateway();
    const created = await charge(g, { amount: 10000 });
    fake.setStatus(created.providerId, 'RECEIVED');
    const first = await g.refund(created.providerId, 2345, 'Turma expirada');
    expect(fake.requestsTo('POST', '/payments/:id/refund')[0]?.body).toEqual({ value: 23.45, description: 'Turma expirada' });
    expect(first).toMatchObject({ status: 'confirmed', refundedAmount: 2345 });
    const second = await g.refund(created.providerId, 7655);
    expect(second).toMatchObject({ status: 'refunded', refundedAmount: 10000 });
  });

  it('a refund still PENDING at Asaas counts (status refunding), so nobody refunds it twice', async () => {
    fake.refundMode = 'pending';
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'RECEIVED');
    expect(await g.refund(created.providerId)).toMatchObject({ status: 'refunding', refundedAmount: 12345 });
  });

  it('more than what is left → 400 with the pt-BR description', async () => {
    const g = gateway();
    const created = await charge(g, { amount: 1000 });
    fake.setStatus(created.providerId, 'RECEIVED');
    const err = await rejection(g.refund(created.providerId, 1001));
    expect(err).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
    expect(err.message).toMatch(/estorno/);
  });

  it('a card in instalments is refunded whole through its plan; a partial amount is refused locally', async () => {
    const g = gateway();
    const created = await charge(g, { method: 'CREDIT_CARD', amount: 10000, installments: 3 });
    fake.setStatus(created.providerId, 'CONFIRMED');
    const err = await rejection(g.refund(created.providerId, 5000));
    expect(err).toMatchObject({ kind: 'invalid', code: 'payment_invalid' });
    expect(fake.requestsTo('POST', '/installments/:id/refund')).toHaveLength(0);
    const result = await g.refund(created.providerId);
    expect(fake.requestsTo('POST', '/installments/:id/refund')).toHaveLength(1);
    expect(result).toMatchObject({ status: 'refunded', amount: 10000, refundedAmount: 10000 });
  });

  it('a refund POST that times out after Asaas did it is not repeated: the charge shows the refund', async () => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'RECEIVED');
    fake.fault('POST', '/payments/:id/refund', asaasFault.performThenHang());
    expect(await g.refund(created.providerId)).toMatchObject({ status: 'refunded', refundedAmount: 12345 });
    expect(fake.requestsTo('POST', '/payments/:id/refund')).toHaveLength(1);
  });

  it('a refund POST that times out without effect is not repeated either: 503, one POST, no refund', async () => {
    const g = gateway();
    const created = await charge(g);
    fake.setStatus(created.providerId, 'RECEIVED');
    fake.fault('POST', '/payments/:id/refund', asaasFault.hang());
    const err = await rejection(g.refund(created.providerId));
    expect(err).toMatchObject({ kind: 'unavailable', code: 'payment_provider_unavailable' });
    expect(fake.requestsTo('POST', '/payments/:id/refund')).toHaveLength(1);
    expect(fake.payments.get(created.providerId)!.refunds).toBeNull();
  });
});

describe('errors → pt-BR DomainErrors', () => {
  it('400 on a card charge → payment_refused with Asaas’s description', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.invalid('invalid_creditCard', 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.'));
    const err = await rejection(charge(g, { customerId, method: 'CREDIT_CARD' }));
    expect(err).toMatchObject({
      kind: 'invalid',
      code: 'payment_refused',
      message: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
    });
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1); // a 400 is an answer: never retried
  });

  it('400 without a usable body → a pt-BR fallback', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.status(400, {}), asaasFault.status(400, {}));
    expect(await rejection(charge(g, { customerId }))).toMatchObject({
      code: 'payment_invalid',
      message: 'O provedor de pagamentos recusou a operação. Confira os dados e tente novamente.',
    });
    expect((await rejection(charge(g, { customerId, method: 'CREDIT_CARD' }))).message).toMatch(/cartão recusado/);
  });

  it('401 (a wrong key) → 503 payment_provider_misconfigured, logged loudly, the key never in the log', async () => {
    const logger = fakeLogger();
    const wrongKey = '$aact_hmlg_this-key-is-wrong';
    const err = await rejection(gateway({ apiKey: wrongKey, logger }).ensureCustomer(customer()));
    expect(err).toMatchObject({
      kind: 'unavailable',
      code: 'payment_provider_misconfigured',
      message: 'Pagamentos indisponíveis no momento. Tente novamente mais tarde.',
    });
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ service: 'asaas', status: 401, asaas_code: 'invalid_access_token' });
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain(wrongKey);
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain(fake.apiKey);
    expect(fake.requests).toHaveLength(1); // not retried
  });

  it('403 (IP allowlist) → misconfigured too', async () => {
    fake.fault('GET', '/payments/:id', asaasFault.status(403, { errors: [{ code: 'forbidden', description: 'IP não autorizado' }] }));
    expect(await rejection(gateway().getCharge('pay_1'))).toMatchObject({ code: 'payment_provider_misconfigured' });
  });

  it('404 → not_found payment_not_found', async () => {
    expect(await rejection(gateway().getCharge('pay_000000000404'))).toMatchObject({
      kind: 'not_found',
      code: 'payment_not_found',
      message: 'Cobrança não encontrada no provedor de pagamentos.',
    });
  });
});

describe('retries: only idempotent GETs, with exponential backoff and jitter', () => {
  it('500 on a GET is retried, then succeeds', async () => {
    const g = gateway({ retryBaseMs: 100 });
    const created = await charge(g);
    fake.requests.length = 0;
    fake.fault('GET', '/payments/:id', asaasFault.serverError(), asaasFault.serverError());
    expect((await g.getCharge(created.providerId)).providerId).toBe(created.providerId);
    expect(fake.requestsTo('GET', '/payments/:id')).toHaveLength(3);
    // base·2^(n−1) plus up to base of jitter
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(100);
    expect(sleeps[0]).toBeLessThan(200);
    expect(sleeps[1]).toBeGreaterThanOrEqual(200);
    expect(sleeps[1]).toBeLessThan(300);
  });

  it('500 on every try → 503 payment_provider_unavailable after 3 tries', async () => {
    fake.fault('GET', '/payments/:id', asaasFault.serverError(), asaasFault.serverError(), asaasFault.serverError(), asaasFault.serverError());
    const err = await rejection(gateway().getCharge('pay_1'));
    expect(err).toMatchObject({
      kind: 'unavailable',
      code: 'payment_provider_unavailable',
      message: 'O provedor de pagamentos não respondeu. Tente novamente em instantes.',
    });
    expect(fake.requestsTo('GET', '/payments/:id')).toHaveLength(3);
  });

  it('a refused connection on a GET is retried, then 503', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const err = await rejection(gateway({ baseUrl: `http://127.0.0.1:${port}/v3`, fetch: counting }).getCharge('pay_1'));
    expect(err.code).toBe('payment_provider_unavailable');
    expect(calls).toHaveLength(3);
  });

  it('a GET that times out is not retried (the budget is spent)', async () => {
    fake.fault('GET', '/payments/:id', asaasFault.hang());
    const [err, ms] = await timed(() => rejection(gateway().getCharge('pay_1')));
    expect(err.code).toBe('payment_provider_unavailable');
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(fake.requestsTo('GET', '/payments/:id')).toHaveLength(1);
  });

  it('500 on POST /payments is not retried blindly: look up by externalReference, then POST once more', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.requests.length = 0;
    fake.fault('POST', '/payments', asaasFault.serverError());
    const result = await charge(g, { customerId, externalReference: 'pay-500' });
    expect(fake.requests.map((r) => `${r.method} ${r.path}${r.query.externalReference ? `?externalReference=${r.query.externalReference}` : ''}`)).toEqual([
      'GET /payments?externalReference=pay-500',
      'POST /payments',
      'GET /payments?externalReference=pay-500',
      'POST /payments',
    ]);
    expect(fake.payments.size).toBe(1);
    expect(result.providerId).toBe([...fake.payments.keys()][0]);
  });

  it('a 5xx after Asaas made the charge → the lookup finds it: one POST, one charge', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.performThenStatus(502));
    const result = await charge(g, { customerId, externalReference: 'pay-502' });
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1);
    expect(fake.payments.size).toBe(1);
    expect(result).toMatchObject({ externalReference: 'pay-502', amount: 12345 });
  });

  it('5xx on both POSTs → 503 after exactly two POSTs, each preceded by a lookup', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.serverError(), asaasFault.serverError(), asaasFault.serverError());
    const err = await rejection(charge(g, { customerId }));
    expect(err.code).toBe('payment_provider_unavailable');
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(2);
    expect(fake.requestsTo('GET', '/payments')).toHaveLength(3);
  });

  it('a timed-out POST whose charge WAS created is found by externalReference: exactly one charge exists', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.performThenHang());
    const [result, ms] = await timed(() => charge(g, { customerId, externalReference: 'pay-hang' }));
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1);
    expect(fake.payments.size).toBe(1);
    const only = [...fake.payments.values()][0]!;
    expect(result).toMatchObject({ providerId: only.id, externalReference: 'pay-hang', amount: 12345, status: 'pending' });
  });

  it('a lookup that fails after a timed-out POST never leads to a blind POST', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.performThenHang());
    // The first lookup (before the POST) succeeds; the one after the timeout hits 500s on every try.
    fake.fault('GET', '/payments', asaasFault.delay(0));
    for (let i = 0; i < 3; i++) fake.fault('GET', '/payments', asaasFault.serverError());
    const err = await rejection(charge(g, { customerId }));
    expect(err.code).toBe('payment_provider_unavailable');
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(1);
    expect(fake.payments.size).toBe(1);
  });
});

describe('429: RateLimit-Reset honoured', () => {
  it('waits RateLimit-Reset seconds, then the GET succeeds', async () => {
    const g = gateway();
    const created = await charge(g);
    sleeps.length = 0;
    fake.fault('GET', '/payments/:id', asaasFault.rateLimited(2));
    expect((await g.getCharge(created.providerId)).providerId).toBe(created.providerId);
    expect(sleeps).toEqual([2000]);
    expect(fake.requestsTo('GET', '/payments/:id')).toHaveLength(2);
  });

  it('really waits when no sleep is injected (RateLimit-Reset: 0.2 s)', async () => {
    const g = gateway({ sleep: undefined as never });
    const created = await charge(g);
    fake.fault('GET', '/payments/:id', asaasFault.rateLimited(0.2));
    const [, ms] = await timed(() => g.getCharge(created.providerId));
    expect(ms).toBeGreaterThanOrEqual(190);
  });

  it('a 429 on POST /payments is waited out and the POST repeated (Asaas did not process it): one charge', async () => {
    const g = gateway();
    const customerId = await g.ensureCustomer(customer());
    fake.fault('POST', '/payments', asaasFault.rateLimited(1));
    await charge(g, { customerId });
    expect(sleeps).toEqual([1000]);
    expect(fake.requestsTo('POST', '/payments')).toHaveLength(2);
    expect(fake.payments.size).toBe(1);
  });

  it('a reset beyond the cap → 503 payment_provider_rate_limited at once, with retry_after_seconds', async () => {
    fake.fault('GET', '/payments/:id', asaasFault.rateLimited(120));
    const err = await rejection(gateway().getCharge('pay_1'));
    expect(err).toMatchObject({ kind: 'unavailable', code: 'payment_provider_rate_limited', details: { retry_after_seconds: 120 } });
    expect(sleeps).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('a second 429 after waiting → 503, no endless loop', async () => {
    fake.fault('GET', '/payments/:id', asaasFault.rateLimited(1), asaasFault.rateLimited(1));
    const err = await rejection(gateway().getCharge('pay_1'));
    expect(err.code).toBe('payment_provider_rate_limited');
    expect(sleeps).toEqual([1000]);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('webhooks: asaas-access-token, constant-time, tolerant body', () => {
  it('the right token → the event (id, type, payment id, externalReference, dateCreated in São Paulo time)', async () => {
    const g = gateway();
    const created = await charge(g, { externalReference: 'pay-wh' });
    fake.setStatus(created.providerId, 'RECEIVED');
    const { headers, body } = fake.webhook('PAYMENT_RECEIVED', created.providerId, { eventId: 'evt_05b708f961d739ea7eba7e4db318f621&368604920' });
    body.dateCreated = '2026-11-21 14:30:05';
    expect(g.parseWebhook(headers, body)).toEqual({
      eventId: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
      type: 'PAYMENT_RECEIVED',
      providerPaymentId: created.providerId,
      externalReference: 'pay-wh',
      createdAt: new Date('2026-11-21T17:30:05Z'),
    });
  });

  it.each([
    ['a wrong token', 'not-the-token'],
    ['a token of another length', 'x'],
    ['an empty token', ''],
  ])('%s → unauthenticated invalid_webhook_token', async (_name, token) => {
    const g = gateway();
    const created = await charge(g);
    const { headers, body } = fake.webhook('PAYMENT_RECEIVED', created.providerId, { token });
    expect(() => g.parseWebhook(headers, body)).toThrowError(
      expect.objectContaining({ kind: 'unauthenticated', code: 'invalid_webhook_token', message: 'Token do webhook inválido.' }),
    );
  });

  it('a missing header → unauthenticated', async () => {
    const g = gateway();
    const created = await charge(g);
    const { headers, body } = fake.webhook('PAYMENT_RECEIVED', created.providerId, { token: null });
    expect(() => g.parseWebhook(headers, body)).toThrowError(expect.objectContaining({ code: 'invalid_webhook_token' }));
  });

  it('header names in any case and repeated headers (string[]) are read', () => {
    const g = gateway();
    const body = { id: 'evt_1', event: 'PAYMENT_CREATED', dateCreated: '2026-01-02 03:04:05', payment: { id: 'pay_1' } };
    expect(g.parseWebhook({ 'Asaas-Access-Token': fake.webhookToken }, body).eventId).toBe('evt_1');
    expect(g.parseWebhook({ 'asaas-access-token': [fake.webhookToken] }, body).eventId).toBe('evt_1');
  });

  it('unknown events and fields are accepted; events without a payment have a null payment id', () => {
    const g = gateway();
    const headers = { 'asaas-access-token': fake.webhookToken };
    expect(
      g.parseWebhook(headers, {
        id: 'evt_2',
        event: 'PAYMENT_SOMETHING_NEW',
        dateCreated: 'sometime',
        brandNewField: { a: 1 },
        payment: { id: 'pay_9', externalReference: null, novelty: true },
      }),
    ).toEqual({ eventId: 'evt_2', type: 'PAYMENT_SOMETHING_NEW', providerPaymentId: 'pay_9', externalReference: null, createdAt: null });
    expect(g.parseWebhook(headers, { id: 'evt_3', event: 'TRANSFER_DONE', transfer: { id: 'tra_1' } })).toMatchObject({
      providerPaymentId: null,
      externalReference: null,
    });
  });

  it('a raw JSON string body is parsed too', () => {
    const g = gateway();
    const raw = JSON.stringify({ id: 'evt_4', event: 'PAYMENT_CONFIRMED', payment: { id: 'pay_4', externalReference: 'r4' } });
    expect(g.parseWebhook({ 'asaas-access-token': fake.webhookToken }, raw)).toMatchObject({ eventId: 'evt_4', externalReference: 'r4' });
  });

  it.each([
    ['no id', { event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1' } }],
    ['no event', { id: 'evt_1', payment: { id: 'pay_1' } }],
    ['not an object', ['evt_1']],
    ['not JSON', '{oops'],
    ['nothing', undefined],
  ])('a body with %s → invalid invalid_webhook', (_name, body) => {
    expect(() => gateway().parseWebhook({ 'asaas-access-token': fake.webhookToken }, body)).toThrowError(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_webhook' }),
    );
  });

  it('the token is checked before the body: a bad body with a bad token is unauthenticated', () => {
    expect(() => gateway().parseWebhook({ 'asaas-access-token': 'nope' }, undefined)).toThrowError(
      expect.objectContaining({ kind: 'unauthenticated' }),
    );
  });
});
