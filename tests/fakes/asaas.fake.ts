// A local Asaas API v3 (docs/integrations.md#asaas) on 127.0.0.1: customers, payments, instalment plans, PIX QR, refunds and
// PIX transfers and service invoices (NFS-e) in memory, the real JSON shapes and error bodies, and programmable faults per method and path.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { isValidCpf } from '../../core/identity/cpf';

export interface RecordedAsaasRequest {
  method: string;
  /** Without the /v3 prefix, e.g. /payments/pay_000000000001. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
  /** Milliseconds since the epoch, sub-millisecond precision. */
  at: number;
}

export type AsaasFault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  /** The request is carried out (a charge IS created) and then no answer ever comes. */
  | { kind: 'perform-then-hang' }
  /** The request is carried out, then answered with this status (a 502 from a proxy after the fact). */
  | { kind: 'perform-then-status'; status: number }
  /** Answers normally, after this many milliseconds. */
  | { kind: 'delay'; ms: number };

const errorBody = (code: string, description: string) => ({ errors: [{ code, description }] });

/** Fault builders, named after what the real Asaas (or the network in front of it) does. */
export const asaasFault = {
  status: (status: number, body?: unknown, headers?: Record<string, string>): AsaasFault => ({ kind: 'status', status, body, headers }),
  /** 400 with Asaas's pt-BR description. */
  invalid: (code: string, description: string): AsaasFault => ({ kind: 'status', status: 400, body: errorBody(code, description) }),
  unauthorized: (): AsaasFault => ({
    kind: 'status',
    status: 401,
    body: errorBody('invalid_access_token', 'A chave de API fornecida é inválida'),
  }),
  rateLimited: (resetSeconds: number): AsaasFault => ({
    kind: 'status',
    status: 429,
    body: errorBody('rate_limit_exceeded', 'Limite de requisições atingido. Aguarde e tente novamente.'),
    headers: { 'RateLimit-Limit': '100', 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(resetSeconds) },
  }),
  serverError: (): AsaasFault => ({ kind: 'status', status: 500, body: errorBody('internal_error', 'Erro interno.') }),
  hang: (): AsaasFault => ({ kind: 'hang' }),
  performThenHang: (): AsaasFault => ({ kind: 'perform-then-hang' }),
  performThenStatus: (status: number): AsaasFault => ({ kind: 'perform-then-status', status }),
  delay: (ms: number): AsaasFault => ({ kind: 'delay', ms }),
};

type Json = Record<string, any>;

export interface AsaasFakeOptions {
  apiKey?: string;
  webhookToken?: string;
}

export interface AsaasFake {
  /** The base URL including /v3, as ASAAS_BASE_URL. */
  url: string;
  apiKey: string;
  webhookToken: string;
  requests: RecordedAsaasRequest[];
  customers: Map<string, Json>;
  payments: Map<string, Json>;
  installments: Map<string, Json>;
  transfers: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Moves an invoice to an Asaas status (SYNCHRONIZED, AUTHORIZED, ERROR, CANCELED…), as Asaas would; AUTHORIZED fills number and links. */
  setInvoiceStatus(invoiceId: string, status: string, extra?: Json): Json;
  /** The invoice webhook Asaas would POST now: `{id, event, dateCreated, invoice}` with the token. */
  invoiceWebhook(event: string, invoiceId: string, options?: { eventId?: string }): { headers: Record<string, string>; body: Json };
  /** Account balance in reais for transfers (a larger transfer is a 400, as at Asaas); null = unlimited. */
  balance: number | null;
  /** Moves a transfer to an Asaas status (DONE, FAILED, CANCELLED, BANK_PROCESSING…), as Asaas would. */
  setTransferStatus(transferId: string, status: string, extra?: Json): Json;
  /** The transfer webhook Asaas would POST now: `{id, event, dateCreated, transfer}` with the token. */
  transferWebhook(event: string, transferId: string, options?: { token?: string | null; eventId?: string }): { headers: Record<string, string>; body: Json };
  /** Faults for requests matching method and path (a template such as /payments/:id/refund); each serves one request, in order. */
  fault(method: string, path: string, ...faults: AsaasFault[]): void;
  /** Requests for a method and path template. */
  requestsTo(method: string, path: string): RecordedAsaasRequest[];
  /** Moves a payment (every instalment of its plan, too) to an Asaas status, e.g. RECEIVED, as Asaas would. */
  setStatus(paymentId: string, status: string, extra?: Json): Json;
  /** Answers with `pixQrCode` without encodedImage (as seen in sandbox) when false. */
  sendPixImage: boolean;
  /** 'done': refunds settle at once (REFUNDED); 'pending': they stay PENDING with the payment in REFUND_REQUESTED. */
  refundMode: 'done' | 'pending';
  /** The webhook Asaas would POST for this payment now: headers (with the token) and body. */
  webhook(event: string, paymentId: string, options?: { token?: string | null; eventId?: string }): { headers: Record<string, string>; body: Json };
  reset(): void;
  close(): Promise<void>;
}

const saoPauloNow = (d = new Date()) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const todayInSaoPaulo = () => saoPauloNow().slice(0, 10);
const templateRegex = (template: string) => new RegExp(`^${template.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);

export async function startAsaasFake(options: AsaasFakeOptions = {}): Promise<AsaasFake> {
  const apiKey = options.apiKey ?? `$aact_hmlg_${randomBytes(24).toString('hex')}`;
  const webhookToken = options.webhookToken ?? randomBytes(24).toString('base64url');
  const requests: RecordedAsaasRequest[] = [];
  const customers = new Map<string, Json>();
  const payments = new Map<string, Json>();
  const installments = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const faults: { method: string; path: RegExp; fault: AsaasFault }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(12, '0')}`;

  const state = { sendPixImage: true, refundMode: 'done' as 'done' | 'pending', balance: null as number | null };

  /** POST /transfers to a PIX key: validated as Asaas does, created PENDING (settled by setTransferStatus). */
  function createTransfer(body: Json): [number, unknown] {
    if (typeof body.value !== 'number' || !(body.value > 0)) return [400, errorBody('invalid_value', 'Informe o valor da transferência.')];
    if (!body.pixAddressKey) return [400, errorBody('invalid_pixAddressKey', 'Informe a chave Pix.')];
    if (!['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'].includes(body.pixAddressKeyType)) {
      return [400, errorBody('invalid_pixAddressKeyType', 'Tipo de chave Pix inválido.')];
    }
    if (state.balance !== null && body.value > state.balance) {
      return [400, errorBody('invalid_action', 'Saldo insuficiente para realizar a transferência.')];
    }
    if (state.balance !== null) state.balance = Math.round((state.balance - body.value) * 100) / 100;
    const id = randomBytes(16).toString('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
    const transfer: Json = {
      object: 'transfer',
      id,
      type: 'PIX',
      dateCreated: todayInSaoPaulo(),
      value: body.value,
      netValue: body.value,
      transferFee: 0,
      status: 'PENDING',
      effectiveDate: null,
      scheduleDate: body.scheduleDate ?? null,
      endToEndIdentifier: null,
      authorized: true,
      failReason: null,
      transactionReceiptUrl: null,
      operationType: 'PIX',
      description: body.description ?? null,
      externalReference: body.externalReference ?? null,
      pixAddressKey: body.pixAddressKey,
      pixAddressKeyType: body.pixAddressKeyType,
      bankAccount: null,
    };
    transfers.set(id, transfer);
    return [200, transfer];
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  }

  const list = (data: Json[], query: Record<string, string>) => {
    const offset = Number(query.offset ?? 0);
    const limit = Math.min(Number(query.limit ?? 10), 100);
    const page = data.slice(offset, offset + limit);
    return { object: 'list', hasMore: offset + page.length < data.length, totalCount: data.length, limit, offset, data: page };
  };

  function newPayment(body: Json, value: number, extra: Json = {}): Json {
    const id = nextId('pay');
    const payment: Json = {
      object: 'payment',
      id,
      dateCreated: todayInSaoPaulo(),
      customer: body.customer,
      paymentLink: null,
      value,
      netValue: Math.round(value * 0.97 * 100) / 100,
      originalValue: null,
      interestValue: null,
      description: body.description ?? null,
      billingType: body.billingType,
      canBePaidAfterDueDate: true,
      pixTransaction: null,
      status: 'PENDING',
      dueDate: body.dueDate,
      originalDueDate: body.dueDate,
      paymentDate: null,
      clientPaymentDate: null,
      installmentNumber: null,
      invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
      invoiceNumber: String(counter).padStart(8, '0'),
      externalReference: body.externalReference ?? null,
      deleted: false,
      anticipated: false,
      anticipable: false,
      creditDate: null,
      estimatedCreditDate: null,
      transactionReceiptUrl: null,
      nossoNumero: body.billingType === 'BOLETO' ? String(counter) : null,
      bankSlipUrl: body.billingType === 'BOLETO' ? `https://sandbox.asaas.com/b/pdf/${id.slice(4)}` : null,
      lastInvoiceViewedDate: null,
      lastBankSlipViewedDate: null,
      discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
      fine: { value: 0, type: 'FIXED' },
      interest: { value: 0, type: 'PERCENTAGE' },
      postalService: false,
      custody: null,
      refunds: null,
      ...extra,
    };
    payments.set(id, payment);
    return payment;
  }

  /** POST /payments: validation as Asaas does it, then one payment (or an instalment plan and its payments). */
  function createPayment(body: Json): [number, unknown] {
    if (!body.customer || !customers.has(body.customer)) return [400, errorBody('invalid_customer', 'Cliente inválido ou inexistente.')];
    if (!['PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED'].includes(body.billingType)) {
      return [400, errorBody('invalid_billingType', 'Forma de pagamento inválida.')];
    }
    if (typeof body.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate)) {
      return [400, errorBody('invalid_dueDate', 'A data de vencimento informada é inválida.')];
    }
    if (body.dueDate < todayInSaoPaulo()) {
      return [400, errorBody('invalid_dueDate', 'A data de vencimento não pode ser anterior à data de hoje.')];
    }
    if (body.installmentCount !== undefined && body.installmentCount > 1) {
      const count = Number(body.installmentCount);
      const total = typeof body.totalValue === 'number' ? body.totalValue : Number(body.installmentValue) * count;
      if (!(total > 0)) return [400, errorBody('invalid_value', 'Informe o valor da cobrança.')];
      const totalCents = Math.round(total * 100);
      const base = Math.floor(totalCents / count);
      const planId = randomBytes(16).toString('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5');
      const created: Json[] = [];
      for (let n = 1; n <= count; n++) {
        // Asaas puts the leftover centavos on the last instalment.
        const cents = n === count ? totalCents - base * (count - 1) : base;
        created.push(newPayment(body, cents / 100, { installment: planId, installmentNumber: n }));
      }
      installments.set(planId, {
        object: 'installment',
        id: planId,
        value: totalCents / 100,
        netValue: Math.round(total * 0.97 * 100) / 100,
        paymentValue: base / 100,
        installmentCount: count,
        billingType: body.billingType,
        paymentDate: null,
        description: body.description ?? null,
        expirationDay: Number(String(body.dueDate).slice(8, 10)),
        dateCreated: todayInSaoPaulo(),
        customer: body.customer,
        paymentLink: null,
        transactionReceiptUrl: null,
        chargeback: null,
        deleted: false,
        refunds: null,
      });
      return [200, created[0]];
    }
    if (typeof body.value !== 'number' || !(body.value > 0)) return [400, errorBody('invalid_value', 'Informe o valor da cobrança.')];
    return [200, newPayment(body, body.value)];
  }

  function refundPayment(payment: Json, body: Json): [number, unknown] {
    if (!['RECEIVED', 'CONFIRMED'].includes(payment.status)) {
      return [400, errorBody('invalid_action', 'Só é possível estornar cobranças recebidas ou confirmadas.')];
    }
    const refunded = (payment.refunds ?? [])
      .filter((r: Json) => r.status !== 'CANCELLED')
      .reduce((sum: number, r: Json) => sum + Math.round(r.value * 100), 0);
    const remaining = Math.round(payment.value * 100) - refunded;
    const cents = body.value === undefined ? remaining : Math.round(Number(body.value) * 100);
    if (!(cents > 0) || cents > remaining) {
      return [400, errorBody('invalid_value', 'O valor do estorno não pode ser maior que o valor disponível para estorno.')];
    }
    const status = state.refundMode === 'done' ? 'DONE' : 'PENDING';
    payment.refunds = [
      ...(payment.refunds ?? []),
      { dateCreated: saoPauloNow(), status, value: cents / 100, description: body.description ?? null, transactionReceiptUrl: null },
    ];
    if (state.refundMode === 'pending') payment.status = 'REFUND_REQUESTED';
    else if (cents === remaining) payment.status = 'REFUNDED';
    return [200, payment];
  }

  /** The handler proper; returns [status, body] or null for 404. */
  function route(method: string, path: string, query: Record<string, string>, body: Json): [number, unknown] | null {
    let m: RegExpExecArray | null;
    if (path === '/customers' && method === 'GET') {
      const data = [...customers.values()].filter((c) => !query.cpfCnpj || c.cpfCnpj === query.cpfCnpj);
      return [200, list(data, query)];
    }
    if (path === '/customers' && method === 'POST') {
      if (!body.name) return [400, errorBody('invalid_name', 'O nome do cliente deve ser informado.')];
      const doc = String(body.cpfCnpj ?? '');
      if (!/^\d+$/.test(doc) || !(doc.length === 14 || (doc.length === 11 && isValidCpf(doc)))) {
        return [400, errorBody('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')];
      }
      const id = `cus_${randomBytes(6).toString('hex')}`;
      const customer = {
        object: 'customer',
        id,
        dateCreated: todayInSaoPaulo(),
        name: body.name,
        email: body.email ?? null,
        phone: null,
        mobilePhone: body.mobilePhone ?? null,
        address: null,
        addressNumber: body.addressNumber ?? null,
        complement: null,
        province: null,
        postalCode: body.postalCode ?? null,
        cpfCnpj: doc,
        personType: doc.length === 11 ? 'FISICA' : 'JURIDICA',
        deleted: false,
        additionalEmails: null,
        externalReference: body.externalReference ?? null,
        notificationDisabled: body.notificationDisabled ?? false,
        observations: null,
        foreignCustomer: false,
      };
      customers.set(id, customer);
      return [200, customer];
    }
    if ((m = /^\/customers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const c = customers.get(m[1]!);
      return c ? [200, c] : null;
    }
    if (path === '/payments' && method === 'GET') {
      const data = [...payments.values()]
        .filter((p) => !p.deleted)
        .filter((p) => !query.externalReference || p.externalReference === query.externalReference)
        .filter((p) => !query.customer || p.customer === query.customer)
        .filter((p) => !query.status || p.status === query.status)
        .reverse(); // newest first, as Asaas lists them
      return [200, list(data, query)];
    }
    if (path === '/payments' && method === 'POST') return createPayment(body);
    if ((m = /^\/payments\/([^/]+)$/.exec(path)) && method === 'GET') {
      const p = payments.get(m[1]!);
      return p ? [200, p] : null;
    }
    if ((m = /^\/payments\/([^/]+)$/.exec(path)) && method === 'DELETE') {
      // Only an unpaid charge can be removed; a removed one is gone (404), as at Asaas.
      const p = payments.get(m[1]!);
      if (!p || p.deleted) return null;
      if (!['PENDING', 'OVERDUE', 'AWAITING_RISK_ANALYSIS'].includes(p.status)) {
        return [400, errorBody('invalid_action', 'Só é possível remover cobranças aguardando pagamento ou vencidas.')];
      }
      p.deleted = true;
      return [200, { deleted: true, id: p.id }];
    }
    if ((m = /^\/payments\/([^/]+)\/pixQrCode$/.exec(path)) && method === 'GET') {
      const p = payments.get(m[1]!);
      if (!p) return null;
      const payload = `00020101021226820014br.gov.bcb.pix2560qrpix-h.bradesco.com.br/qr/v2/${p.id}5204000053039865802BR5905ASAAS6009SAO PAULO62070503***6304ABCD`;
      const expiration = `${p.dueDate.replace(/^(\d{4})/, (y: string) => String(Number(y) + 1))} 23:59:59`;
      return [200, { encodedImage: state.sendPixImage ? 'PENDING_IMAGE' : undefined, payload, expirationDate: expiration, success: true }];
    }
    if ((m = /^\/payments\/([^/]+)\/refund$/.exec(path)) && method === 'POST') {
      const p = payments.get(m[1]!);
      return p ? refundPayment(p, body) : null;
    }
    if (path === '/invoices' && method === 'GET') {
      const data = [...invoices.values()].filter((i) => !query.externalReference || i.externalReference === query.externalReference).reverse();
      return [200, list(data, query)];
    }
    if (path === '/invoices' && method === 'POST') {
      if (!body.payment && !body.customer) return [400, errorBody('invalid_object', 'Informe a cobrança, o parcelamento ou o cliente da nota fiscal.')];
      if (body.payment && !payments.has(body.payment)) return [400, errorBody('invalid_payment', 'A cobrança informada não existe.')];
      if (body.customer && !customers.has(body.customer)) return [400, errorBody('invalid_customer', 'O cliente informado não existe.')];
      if (typeof body.value !== 'number' || !(body.value > 0)) return [400, errorBody('invalid_value', 'Informe o valor da nota fiscal.')];
      if (!body.municipalServiceId && !body.municipalServiceCode) return [400, errorBody('invalid_municipalService', 'Informe o serviço municipal.')];
      const id = nextId('inv');
      const invoice: Json = {
        object: 'invoice', id, status: 'SCHEDULED', customer: body.customer ?? payments.get(body.payment)?.customer ?? null, type: 'NFSE', statusDescription: null,
        serviceDescription: body.serviceDescription, pdfUrl: null, xmlUrl: null, rpsSerie: null, rpsNumber: null, number: null, validationCode: null,
        value: body.value, deductions: body.deductions ?? 0, effectiveDate: body.effectiveDate, observations: body.observations ?? null, estimatedTaxesDescription: '',
        payment: body.payment ?? null, installment: null, externalReference: body.externalReference ?? null, taxes: body.taxes,
        municipalServiceId: body.municipalServiceId ?? null, municipalServiceCode: body.municipalServiceCode ?? null, municipalServiceName: body.municipalServiceName,
      };
      invoices.set(id, invoice);
      return [200, invoice];
    }
    if ((m = /^\/invoices\/([^/]+)$/.exec(path)) && method === 'GET') {
      const i = invoices.get(m[1]!);
      return i ? [200, i] : null;
    }
    if ((m = /^\/invoices\/([^/]+)\/cancel$/.exec(path)) && method === 'POST') {
      const i = invoices.get(m[1]!);
      if (!i) return null;
      if (i.status === 'ERROR' || i.status === 'CANCELED') return [400, errorBody('invalid_action', 'Esta nota fiscal não pode ser cancelada.')];
      i.status = i.status === 'AUTHORIZED' ? 'PROCESSING_CANCELLATION' : 'CANCELED';
      return [200, i];
    }
    if (path === '/transfers' && method === 'GET') {
      const data = [...transfers.values()].filter((t) => !query.externalReference || t.externalReference === query.externalReference).reverse();
      return [200, list(data, query)];
    }
    if (path === '/transfers' && method === 'POST') return createTransfer(body);
    if ((m = /^\/transfers\/([^/]+)$/.exec(path)) && method === 'GET') {
      const t = transfers.get(m[1]!);
      return t ? [200, t] : null;
    }
    if ((m = /^\/installments\/([^/]+)$/.exec(path)) && method === 'GET') {
      const plan = installments.get(m[1]!);
      return plan ? [200, plan] : null;
    }
    if ((m = /^\/installments\/([^/]+)\/refund$/.exec(path)) && method === 'POST') {
      const plan = installments.get(m[1]!);
      if (!plan) return null;
      const members = [...payments.values()].filter((p) => p.installment === plan.id);
      if (!members.every((p) => ['RECEIVED', 'CONFIRMED'].includes(p.status))) {
        return [400, errorBody('invalid_action', 'Só é possível estornar parcelamentos pagos.')];
      }
      for (const p of members) refundPayment(p, {});
      plan.refunds = [{ dateCreated: saoPauloNow(), status: state.refundMode === 'done' ? 'DONE' : 'PENDING', value: plan.value, description: body.description ?? null }];
      return [200, plan];
    }
    return null;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname.replace(/^\/v3(?=\/)/, '');
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        at: performance.timeOrigin + performance.now(),
      });
      if (!url.pathname.startsWith('/v3/')) return send(res, 404, errorBody('not_found', 'Recurso não encontrado.'));
      // Asaas's CloudFront refuses a GET that carries a body.
      if (method === 'GET' && raw.length > 0) return send(res, 403, { message: 'Forbidden' });
      const key = req.headers['access_token'];
      if (!key) return send(res, 401, errorBody('access_token_not_found', 'O cabeçalho de autenticação access_token é obrigatório e não foi encontrado na requisição'));
      if (key !== apiKey) return send(res, 401, errorBody('invalid_access_token', 'A chave de API fornecida é inválida'));

      const index = faults.findIndex((f) => f.method === method && f.path.test(path));
      const fault = index >= 0 ? faults.splice(index, 1)[0]!.fault : undefined;
      if (fault?.kind === 'hang') return; // never answers; close() cuts the socket
      if (fault?.kind === 'status') return send(res, fault.status, fault.body ?? {}, fault.headers);
      if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));

      const result = route(method, path, Object.fromEntries(url.searchParams), isJson(body) ? body : {});
      if (fault?.kind === 'perform-then-hang') return;
      if (fault?.kind === 'perform-then-status') return send(res, fault.status, errorBody('internal_error', 'Erro interno.'));
      if (!result) return send(res, 404, errorBody('not_found', 'Recurso não encontrado.'));
      const [status, answer] = result;
      if (isJson(answer) && answer.encodedImage === 'PENDING_IMAGE') {
        answer.encodedImage = (await QRCode.toDataURL(String(answer.payload))).replace(/^data:image\/png;base64,/, '');
      }
      send(res, status, answer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: AsaasFake = {
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    webhookToken,
    requests,
    customers,
    payments,
    installments,
    transfers,
    invoices,
    setInvoiceStatus(invoiceId, status, extra = {}) {
      const i = invoices.get(invoiceId);
      if (!i) throw new Error(`asaas fake: nota ${invoiceId} não existe`);
      Object.assign(i, { status, ...extra });
      if (status === 'AUTHORIZED') {
        i.number ??= String(++counter).padStart(6, '0');
        i.validationCode ??= `CV${counter}`;
        i.pdfUrl ??= `https://sandbox.asaas.com/nota-fiscal/${i.id}.pdf`;
        i.xmlUrl ??= `https://sandbox.asaas.com/nota-fiscal/${i.id}.xml`;
      }
      return i;
    },
    invoiceWebhook(event, invoiceId, opts = {}) {
      const i = invoices.get(invoiceId);
      if (!i) throw new Error(`asaas fake: nota ${invoiceId} não existe`);
      return {
        headers: { 'content-type': 'application/json', 'user-agent': 'Java/1.8.0_282', 'asaas-access-token': webhookToken },
        body: { id: opts.eventId ?? `evt_${randomBytes(16).toString('hex')}&${++counter}`, event, dateCreated: saoPauloNow(), invoice: structuredClone(i) },
      };
    },
    get balance() {
      return state.balance;
    },
    set balance(v: number | null) {
      state.balance = v;
    },
    setTransferStatus(transferId, status, extra = {}) {
      const t = transfers.get(transferId);
      if (!t) throw new Error(`asaas fake: transferência ${transferId} não existe`);
      Object.assign(t, { status, ...extra });
      if (status === 'DONE') {
        t.effectiveDate ??= todayInSaoPaulo();
        t.endToEndIdentifier ??= `E${String(++counter).padStart(31, '0')}`;
        t.transactionReceiptUrl ??= `https://sandbox.asaas.com/comprovantes/${t.id}`;
      }
      return t;
    },
    transferWebhook(event, transferId, opts = {}) {
      const t = transfers.get(transferId);
      if (!t) throw new Error(`asaas fake: transferência ${transferId} não existe`);
      const token = opts.token === undefined ? webhookToken : opts.token;
      return {
        headers: { 'content-type': 'application/json', 'user-agent': 'Java/1.8.0_282', ...(token !== null ? { 'asaas-access-token': token } : {}) },
        body: { id: opts.eventId ?? `evt_${randomBytes(16).toString('hex')}&${++counter}`, event, dateCreated: saoPauloNow(), transfer: structuredClone(t) },
      };
    },
    get sendPixImage() {
      return state.sendPixImage;
    },
    set sendPixImage(v: boolean) {
      state.sendPixImage = v;
    },
    get refundMode() {
      return state.refundMode;
    },
    set refundMode(v: 'done' | 'pending') {
      state.refundMode = v;
    },
    fault(method, path, ...list) {
      for (const fault of list) faults.push({ method: method.toUpperCase(), path: templateRegex(path), fault });
    },
    requestsTo(method, path) {
      const re = templateRegex(path);
      return requests.filter((r) => r.method === method.toUpperCase() && re.test(r.path));
    },
    setStatus(paymentId, status, extra = {}) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`asaas fake: pagamento ${paymentId} não existe`);
      // A removed charge's QR code and boleto no longer take money.
      if (p.deleted && ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'].includes(status)) throw new Error(`asaas fake: pagamento ${paymentId} foi removido e não aceita pagamento`);
      const members = p.installment ? [...payments.values()].filter((q) => q.installment === p.installment) : [p];
      for (const q of members) {
        Object.assign(q, { status, ...extra });
        if (['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'].includes(status)) {
          q.paymentDate ??= todayInSaoPaulo();
          q.clientPaymentDate ??= todayInSaoPaulo();
          q.confirmedDate ??= todayInSaoPaulo();
        }
      }
      return p;
    },
    webhook(event, paymentId, opts = {}) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`asaas fake: pagamento ${paymentId} não existe`);
      const token = opts.token === undefined ? webhookToken : opts.token;
      return {
        headers: { 'content-type': 'application/json', 'user-agent': 'Java/1.8.0_282', ...(token !== null ? { 'asaas-access-token': token } : {}) },
        body: { id: opts.eventId ?? `evt_${randomBytes(16).toString('hex')}&${++counter}`, event, dateCreated: saoPauloNow(), payment: structuredClone(p) },
      };
    },
    reset() {
      requests.length = 0;
      faults.length = 0;
      customers.clear();
      payments.clear();
      installments.clear();
      transfers.clear();
      invoices.clear();
      state.balance = null;
      state.sendPixImage = true;
      state.refundMode = 'done';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
