// The embedded default behind the GoodsInvoice port: every NF-e authorised at once with a fake access key (valid check
// digit, the same key for the same reference) and a test DANFE served at /api/sandbox/nfe/<key>/danfe. Nothing leaves
// the machine; production refuses it unless TURMA_STAGING=true (decision 014).
import { createHash } from 'node:crypto';
import { buildAccessKey } from '../../core/goods-invoices/goods-invoice-rules';
import type { GoodsInvoice, GoodsInvoiceCancelOutcome, GoodsInvoiceOutcome, GoodsInvoiceRequest } from '../../core/goods-invoices/ports';
import type { Uf } from '../../core/address';

/** A valid test CNPJ for the sandbox's keys when NFE_CNPJ is unset. */
export const SANDBOX_NFE_CNPJ = '11222333000181';

export const sandboxDanfePath = (accessKey: string) => `/api/sandbox/nfe/${accessKey}/danfe`;

export class SandboxGoodsInvoice implements GoodsInvoice {
  readonly provider = 'sandbox';

  constructor(private readonly options: { publicUrl: string; uf: Uf; cnpj?: string | undefined }) {}

  async issue(request: GoodsInvoiceRequest): Promise<GoodsInvoiceOutcome> {
    const digest = createHash('sha256').update(request.reference).digest();
    const number = (digest.readUInt32BE(0) % 999_999_999) + 1;
    const code = digest.readUInt32BE(4) % 100_000_000;
    const accessKey = buildAccessKey({ uf: this.options.uf, issuedAt: request.issued_at, cnpj: this.options.cnpj ?? SANDBOX_NFE_CNPJ, series: 1, number, code });
    return {
      status: 'authorised',
      access_key: accessKey,
      number: String(number),
      series: '1',
      danfe_url: `${this.options.publicUrl}${sandboxDanfePath(accessKey)}`,
      xml_url: null,
      provider_status: '100',
    };
  }

  async consult(): Promise<GoodsInvoiceOutcome> {
    // Nothing is kept here: an unanswered send is simply sent again (the same reference gives the same key).
    return { status: 'not_found' };
  }

  async cancel(): Promise<GoodsInvoiceCancelOutcome> {
    return { status: 'cancelled' };
  }
}
