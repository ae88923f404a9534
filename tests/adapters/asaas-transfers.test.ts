// The real Asaas client's PIX transfers (payouts to professionals, docs/integrations.md#asaas Transfers) against the local
// Asaas v3: the wire format, statuses, never sending a transfer twice after an unknown outcome, refusals, webhooks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AsaasPaymentGateway, mapAsaasTransferStatus } from '../../adapters/payments/asaas.gateway';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import type { CreateTransferInput } from '../../core/ports/payments';
import { DomainError } from '../../core/shared/errors';
import { asaasFault, startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';

let fake: AsaasFake;
beforeAll(async () => {
  fake = await startAsaasFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

// A generous timeout by default (a loaded CI machine can take more than 200 ms for the first request); the test of a
// POST that hangs after going through sets a short one.
const gateway = (timeoutMs = 5_000) =>
  new AsaasPaymentGateway({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    webhookToken: fake.webhookToken,
    userAgent: turmaUserAgent('https://turma.example'),
    timeoutMs,
    retryBaseMs: 5,
    sleep: async () => {},
  });

const input = (over: Partial<CreateTransferInput> = {}): CreateTransferInput => ({
  value: 12_345,
  pixKey: 'paula@exemplo.com.br',
  pixKeyType: 'EMAIL',
  description: 'Turma: repasse de 2 vouchers resgatados',
  externalReference: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  ...over,
});

describe('createTransfer', () => {
  it('POSTs /v3/transfers in reais with the PIX key and our payout id, and answers in centavos', async () => {
    const t = await gateway().createTransfer(input());
    expect(t).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending', value: 12_345, externalReference: input().externalReference });
    const [post] = fake.requestsTo('POST', '/transfers');
    expect(post!.body).toEqual({ value: 123.45, pixAddressKey: 'paula@exemplo.com.br', pixAddressKeyType: 'EMAIL', description: 'Turma: repasse de 2 vouchers resgatados', externalReference: input().externalReference });
    expect(post!.headers['access_token']).toBe(fake.apiKey);
    expect(post!.headers['user-agent']).toContain('Turma');
    // Looked up by externalReference before sending.
    expect(fake.requestsTo('GET', '/transfers')[0]!.query.externalReference).toBe(input().externalReference);
  });

  it('is idempotent by externalReference: a second call returns the first transfer without a second POST', async () => {
    const first = await gateway().createTransfer(input());
    const again = await gateway().createTransfer(input());
    expect(again.id).toBe(first.id);
    expect(fake.requestsTo('POST', '/transfers')).toHaveLength(1);
    expect(fake.transfers.size).toBe(1);
  });

  it('after a timeout on a POST that went through, finds the transfer instead of sending it again', async () => {
    fake.fault('POST', '/transfers', asaasFault.performThenHang());
    const t = await gateway(1_000).createTransfer(input());
    expect(fake.requestsTo('POST', '/transfers')).toHaveLength(1);
    expect(fake.transfers.size).toBe(1);
    expect(t.id).toBe([...fake.transfers.keys()][0]);
  });

  it('a 5xx that created nothing is a 503 and is never POSTed blindly again', async () => {
    fake.fault('POST', '/transfers', asaasFault.serverError());
    const err = await gateway().createTransfer(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('unavailable');
    expect(fake.requestsTo('POST', '/transfers')).toHaveLength(1);
    expect(fake.transfers.size).toBe(0);
  });

  it('a refusal (no balance) is an invalid DomainError with Asaas\'s pt-BR description', async () => {
    fake.balance = 10;
    const err = await gateway().createTransfer(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('invalid');
    expect((err as DomainError).message).toBe('Saldo insuficiente para realizar a transferência.');
  });
});

describe('getTransfer and statuses', () => {
  it('re-reads the transfer: DONE with its receipt, FAILED with its reason, anything else pending', async () => {
    const gw = gateway();
    const t = await gw.createTransfer(input());
    fake.setTransferStatus(t.id, 'BANK_PROCESSING');
    expect((await gw.getTransfer(t.id)).status).toBe('pending');
    fake.setTransferStatus(t.id, 'DONE');
    expect(await gw.getTransfer(t.id)).toMatchObject({ status: 'done', receiptUrl: `https://sandbox.asaas.com/comprovantes/${t.id}` });
    fake.setTransferStatus(t.id, 'FAILED', { failReason: 'Chave Pix não encontrada' });
    expect(await gw.getTransfer(t.id)).toMatchObject({ status: 'failed', failReason: 'Chave Pix não encontrada' });
    await expect(gw.getTransfer('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('maps the open status set', () => {
    expect(['PENDING', 'BANK_PROCESSING', 'BLOCKED', 'DONE', 'FAILED', 'CANCELLED', 'SOMETHING_NEW', undefined].map(mapAsaasTransferStatus)).toEqual([
      'pending', 'pending', 'pending', 'done', 'failed', 'cancelled', 'pending', 'pending',
    ]);
  });
});

describe('transfer webhooks', () => {
  it('parses TRANSFER_* events: the transfer id and our payout id, no payment id; a wrong token is refused', async () => {
    const gw = gateway();
    const t = await gw.createTransfer(input());
    fake.setTransferStatus(t.id, 'DONE');
    const hook = fake.transferWebhook('TRANSFER_DONE', t.id);
    expect(gw.parseWebhook(hook.headers, hook.body)).toMatchObject({
      eventId: hook.body.id,
      type: 'TRANSFER_DONE',
      providerPaymentId: null,
      providerTransferId: t.id,
      externalReference: input().externalReference,
    });
    const bad = fake.transferWebhook('TRANSFER_DONE', t.id, { token: 'errado' });
    expect(() => gw.parseWebhook(bad.headers, bad.body)).toThrow(DomainError);
  });
});
