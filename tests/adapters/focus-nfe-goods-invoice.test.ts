// The Focus NFe client against a local fake speaking its API v2, faults included, and the goods invoice use cases
// driving it: processing → authorised by polling with backoff, SEFAZ's rejection shown as it came and retried under a
// new reference, a 5xx or a timeout kept for the operator and thrown for the job's retry, cancellation in the window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FocusNfeGoodsInvoice } from '../../adapters/goods-invoices/focus-nfe.goods-invoice';
import { SandboxGoodsInvoice, sandboxDanfePath } from '../../adapters/goods-invoices/sandbox.goods-invoice';
import { GoodsInvoiceService, GoodsInvoiceUnavailable, isValidAccessKey, type GoodsInvoiceFacts, type GoodsInvoiceRequest } from '../../core/goods-invoices';
import { FixedClock } from '../../core/shared/clock';
import { FAKE_FOCUS_KEY, startFocusNfeFake, type FocusNfeFake } from '../fakes/focus-nfe.fake';
import { memoryGoodsInvoiceUow } from '../fakes/memory/goods-invoices';

let fake: FocusNfeFake;
beforeAll(async () => {
  fake = await startFocusNfeFake();
});
afterAll(async () => {
  await fake.close();
});

const client = (overrides: Partial<ConstructorParameters<typeof FocusNfeGoodsInvoice>[0]> = {}) =>
  new FocusNfeGoodsInvoice({ baseUrl: fake.url, token: fake.token, cnpj: '11222333000181', ncm: '61091000', timeoutMs: 1_000, ...overrides });

const request = (reference: string): GoodsInvoiceRequest => ({
  reference,
  issued_at: new Date('2026-11-28T12:00:00Z'),
  customer: { name: 'Joana Conceição', cpf: '11144477735', email: 'joana@example.com', address: { cep: '90570-020', street: 'Rua A', number: '10', complement: null, district: 'Centro', city: 'Porto Alegre', state: 'RS' } },
  lines: [
    { code: 'p-1', description: 'Camiseta', quantity: 2, unit_price: 4990, total: 9980, cfop: '6108' },
    { code: 'p-2', description: 'Caneca', quantity: 1, unit_price: 2020, total: 2020, cfop: '6108', ncm: '69120000' },
  ],
  goods_amount: 12000,
  freight_amount: 1500,
  total_amount: 13500,
});

describe('FocusNfeGoodsInvoice', () => {
  it("posts the NF-e with Basic auth in reais, freight spread per item, a product's own NCM before NFE_NCM; 202 is processing, then the consult gives key and DANFE", async () => {
    fake.set({ kind: 'accept', consults: 1 });
    const before = fake.requests.length;
    expect(await client().issue(request('pedido-a-1'))).toEqual({ status: 'processing' });
    const sent = fake.requests[before]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v2/nfe?ref=pedido-a-1');
    expect(sent.body).toMatchObject({ cnpj_emitente: '11222333000181', cpf_destinatario: '11144477735', uf_destinatario: 'RS', cep_destinatario: '90570020', local_destino: 2, valor_frete: 15, valor_produtos: 120, valor_total: 135, modalidade_frete: 0 });
    expect(sent.body.items.map((i: { valor_bruto: number; valor_frete: number; cfop: string; codigo_ncm: string }) => [i.valor_bruto, i.valor_frete, i.cfop, i.codigo_ncm])).toEqual([
      [99.8, 12.48, '6108', '61091000'],
      [20.2, 2.52, '6108', '69120000'],
    ]);
    expect(await client().consult('pedido-a-1')).toEqual({ status: 'processing' });
    expect(await client().consult('pedido-a-1')).toEqual({
      status: 'authorised',
      access_key: FAKE_FOCUS_KEY,
      number: '780',
      series: '12',
      danfe_url: `${fake.url}/arquivos_development/${FAKE_FOCUS_KEY}.pdf`,
      xml_url: `${fake.url}/arquivos_development/${FAKE_FOCUS_KEY}-nfe.xml`,
      provider_status: '100',
    });
    expect(await client().consult('never-sent')).toEqual({ status: 'not_found' });
  });

  it("answers SEFAZ's rejection and a schema error with their messages; a wrong token is refused too", async () => {
    fake.set({ kind: 'sefaz_rejects', status_sefaz: '778', mensagem_sefaz: 'Rejeição: Informado NCM inexistente' });
    expect(await client().issue(request('pedido-b-1'))).toEqual({ status: 'processing' });
    expect(await client().consult('pedido-b-1')).toEqual({ status: 'rejected', message: 'Rejeição: Informado NCM inexistente', provider_status: '778' });
    fake.set({ kind: 'schema_error', mensagem: 'Erro de validação do schema', campo: 'cpf_destinatario' });
    expect(await client().issue(request('pedido-c-1'))).toMatchObject({ status: 'rejected', message: 'Erro de validação do schema — cpf_destinatario: valor inválido', provider_status: 'erro_validacao_schema' });
    expect(await client({ token: 'wrong' }).issue(request('pedido-c-2'))).toMatchObject({ status: 'rejected', message: 'Token de acesso inválido' });
  });

  it('throws GoodsInvoiceUnavailable on a 5xx, a 429 and a timeout', async () => {
    fake.set({ kind: 'status', status: 503 });
    await expect(client().issue(request('pedido-d-1'))).rejects.toThrow(GoodsInvoiceUnavailable);
    fake.set({ kind: 'status', status: 429, body: '{"codigo":"limite","mensagem":"Muitas requisições"}' });
    await expect(client().issue(request('pedido-d-2'))).rejects.toThrow(/HTTP 429/);
    fake.set({ kind: 'hang' });
    await expect(client({ timeoutMs: 200 }).issue(request('pedido-d-3'))).rejects.toThrow(/tempo esgotado/);
    fake.set({ kind: 'accept' });
  });

  it('cancels with the justification; a cancellation SEFAZ refuses comes back with its message', async () => {
    fake.set({ kind: 'accept' });
    await client().issue(request('pedido-e-1'));
    await client().consult('pedido-e-1');
    const before = fake.requests.length;
    expect(await client().cancel('pedido-e-1', 'Venda desfeita: pedido reembolsado ao cliente.')).toEqual({ status: 'cancelled' });
    expect(fake.requests[before]).toMatchObject({ method: 'DELETE', path: '/v2/nfe/pedido-e-1', body: { justificativa: 'Venda desfeita: pedido reembolsado ao cliente.' } });
    fake.refuseCancel('Rejeição: Prazo de Cancelamento Superior ao Previsto na Legislação');
    expect(await client().cancel('pedido-e-1', 'Venda desfeita: pedido reembolsado ao cliente.')).toEqual({ status: 'rejected', message: 'Rejeição: Prazo de Cancelamento Superior ao Previsto na Legislação', provider_status: '501' });
    fake.refuseCancel(null);
  });
});

const facts = (orderId: string): GoodsInvoiceFacts => ({
  order_id: orderId,
  source: 'cart',
  status: 'paid',
  paid_at: new Date('2026-11-28T12:00:00Z'),
  shipping_amount: 1500,
  address: request('x').customer.address,
  lines: [
    { product_id: 'p-1', product_name: 'Camiseta', quantity: 2, unit_price: 4990, subtotal: 9980, fiscal_kind: 'goods' },
    { product_id: 's-1', product_name: 'Instalação', quantity: 1, unit_price: 3000, subtotal: 3000, fiscal_kind: 'service' },
  ],
  customer: { name: 'Joana Conceição', cpf: '11144477735', email: 'joana@example.com' },
});

describe('GoodsInvoiceService over Focus NFe', () => {
  const setup = () => {
    const memory = memoryGoodsInvoiceUow();
    const clock = new FixedClock(new Date('2026-11-28T12:00:00Z'));
    const service = new GoodsInvoiceService(memory.uow, client(), clock, { emitterUf: 'SP' });
    for (const id of ['order-1', 'order-2', 'order-3', 'order-4', 'order-5']) memory.goodsInvoices.facts_.set(id, facts(id));
    return { ...memory, clock, service };
  };

  it('processing → authorised through polls enqueued with backoff; services stay off the NF-e', async () => {
    const { service, goodsInvoices, jobs, clock } = setup();
    fake.set({ kind: 'accept', consults: 2 });
    const before = fake.requests.length;
    expect(await service.issue('order-1')).toBe('processing');
    expect(fake.requests[before]!.body.items).toHaveLength(1);
    const invoice = (await goodsInvoices.findByOrder('order-1'))!;
    expect(invoice).toMatchObject({ status: 'processing', goods_amount: 9980, freight_amount: 1500, total_amount: 11480, reference: 'pedido-order-1-1' });
    const delays = async () => {
      const job = jobs.at(-1)!;
      expect(job.name).toBe('goods_invoices.poll');
      return (job.options!.startAfter!.getTime() - clock.now().getTime()) / 1000;
    };
    expect(await delays()).toBe(15);
    expect(await service.poll(invoice.id)).toBe('processing');
    expect(await delays()).toBe(30);
    expect(await service.poll(invoice.id)).toBe('processing');
    expect(await delays()).toBe(60);
    expect(await service.poll(invoice.id)).toBe('authorised');
    expect(await goodsInvoices.findByOrder('order-1')).toMatchObject({ status: 'authorised', access_key: FAKE_FOCUS_KEY, number: '780' });
    // Issued again (a duplicate job): nothing is sent.
    const sent = fake.requests.length;
    expect(await service.issue('order-1')).toBe('already');
    expect(fake.requests.length).toBe(sent);
  });

  it("a rejection is kept with SEFAZ's message and audited; the operator's retry sends attempt 2 under a new reference (audited)", async () => {
    const { service, goodsInvoices, audits, jobs } = setup();
    fake.set({ kind: 'sefaz_rejects', status_sefaz: '539', mensagem_sefaz: 'Rejeição: Duplicidade de NF-e' });
    expect(await service.issue('order-2')).toBe('processing');
    const invoice = (await goodsInvoices.findByOrder('order-2'))!;
    expect(await service.poll(invoice.id)).toBe('rejected');
    expect(await service.forOrder('order-2')).toMatchObject({ status: 'error', status_label: 'Rejeitada', error_message: 'Rejeição: Duplicidade de NF-e', provider_status: '539', can_retry: true });
    expect(audits.map((a) => a.action)).toEqual(['goods_invoice.rejected']);
    const view = await service.retry(invoice.id, { id: 'admin-1', email: 'admin@turma.com.br' }, { ip: null, userAgent: null, requestId: null });
    expect(view).toMatchObject({ status: 'pending', attempt: 2, reference: 'pedido-order-2-2', error_message: null });
    expect(jobs.at(-1)).toMatchObject({ name: 'goods_invoices.issue', data: { order_id: 'order-2' } });
    expect(audits.at(-1)).toMatchObject({ action: 'goods_invoice.retried', actor_email: 'admin@turma.com.br' });
    fake.set({ kind: 'accept' });
    expect(await service.issue('order-2')).toBe('processing');
    expect(await service.poll(invoice.id)).toBe('authorised');
    await expect(service.retry(invoice.id, { id: 'admin-1', email: 'admin@turma.com.br' }, { ip: null, userAgent: null, requestId: null })).rejects.toMatchObject({ code: 'goods_invoice_not_retryable' });
  });

  it('a 5xx keeps the reason for the operator and throws for the retry; the next attempt asks before sending again', async () => {
    const { service, goodsInvoices } = setup();
    fake.set({ kind: 'status', status: 502 });
    await expect(service.issue('order-3')).rejects.toThrow(GoodsInvoiceUnavailable);
    expect(await goodsInvoices.findByOrder('order-3')).toMatchObject({ status: 'pending', error_message: 'Emissor de NF-e indisponível: HTTP 502' });
    expect((await service.forOrder('order-3'))!.can_retry).toBe(true);
    fake.set({ kind: 'accept' });
    const before = fake.requests.length;
    expect(await service.issue('order-3')).toBe('processing');
    // A GET for the reference first (unknown: 404), then the POST.
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('a refund inside 24 h cancels at Focus; after 24 h it flags a return invoice without calling Focus', async () => {
    const { service, goodsInvoices, clock, audits } = setup();
    fake.set({ kind: 'accept' });
    for (const id of ['order-4', 'order-5']) {
      await service.issue(id);
      await service.poll((await goodsInvoices.findByOrder(id))!.id);
    }
    clock.advance(23 * 3_600_000);
    expect(await service.cancelForRefund('order-4')).toBe('cancelled');
    expect(await goodsInvoices.findByOrder('order-4')).toMatchObject({ status: 'cancelled' });
    clock.advance(2 * 3_600_000);
    const calls = fake.requests.length;
    expect(await service.cancelForRefund('order-5')).toBe('return_required');
    expect(fake.requests.length).toBe(calls);
    expect(await service.forOrder('order-5')).toMatchObject({ status: 'return_required', status_label: 'Nota de devolução pendente' });
    expect(audits.map((a) => a.action)).toEqual(['goods_invoice.cancelled', 'goods_invoice.return_required']);
  });

  it('an order of services alone gets no NF-e; a plan order gets one for its plan line, without freight', async () => {
    const { service, goodsInvoices } = setup();
    fake.set({ kind: 'accept', consults: 0 });
    goodsInvoices.facts_.set('order-6', { ...facts('order-6'), lines: [facts('order-6').lines[1]!] });
    const planLine = { product_id: null, product_name: 'Kit Churrasco', quantity: 1, unit_price: 30_000, subtotal: 30_000, fiscal_kind: null };
    goodsInvoices.facts_.set('order-7', { ...facts('order-7'), source: 'plan', shipping_amount: 0, lines: [planLine] });
    expect(await service.issue('order-6')).toBe('no_goods');
    expect(goodsInvoices.rows.size).toBe(0);
    const before = fake.requests.length;
    expect(await service.issue('order-7')).not.toBe('skipped');
    expect(await goodsInvoices.findByOrder('order-7')).toMatchObject({ goods_amount: 30_000, freight_amount: 0, total_amount: 30_000 });
    expect(fake.requests[before]!.body.items).toEqual([expect.objectContaining({ codigo_produto: 'item-1', descricao: 'Kit Churrasco', codigo_ncm: '61091000', valor_bruto: 300 })]);
  });
});

describe('SandboxGoodsInvoice', () => {
  it('authorises at once with a valid fake access key (the same for the same reference) and a DANFE this server serves', async () => {
    const sandbox = new SandboxGoodsInvoice({ publicUrl: 'http://localhost:3000', uf: 'SP' });
    const a = await sandbox.issue(request('pedido-z-1'));
    expect(a.status).toBe('authorised');
    if (a.status !== 'authorised') return;
    expect(isValidAccessKey(a.access_key)).toBe(true);
    expect(a.access_key.slice(0, 2)).toBe('35');
    expect(a.danfe_url).toBe(`http://localhost:3000${sandboxDanfePath(a.access_key)}`);
    expect(await sandbox.issue(request('pedido-z-1'))).toEqual(a);
    expect(await sandbox.cancel()).toEqual({ status: 'cancelled' });
  });
});

