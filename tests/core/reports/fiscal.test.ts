// The fiscal report's split: the platform's services (NFS-e) apart from the goods it sells (NF-e), the freight on its
// own and never inside a service's value; the totals leave refunded sales out.
import { describe, expect, it } from 'vitest';
import { fiscalSplit, summariseFiscal, type FiscalEvent } from '../../../core/reports';

const event = (id: string, split: ReturnType<typeof fiscalSplit>, extra: Partial<FiscalEvent> = {}): FiscalEvent => ({
  id,
  kind: id.startsWith('fee') ? 'fee' : 'order',
  occurred_at: new Date('2026-11-10T12:00:00Z'),
  customer_name: null,
  customer_cpf: null,
  description: '',
  gross: split.amount,
  refunded: false,
  invoice_number: null,
  invoiced_at: null,
  nfe_status: null,
  nfe_access_key: null,
  ...split,
  ...extra,
});

describe('fiscalSplit', () => {
  it("a fee is all service (the platform's NFS-e)", () => {
    expect(fiscalSplit({ kind: 'fee', fee: 1000 })).toEqual({ amount: 1000, service_amount: 1000, goods_amount: 0, freight_amount: 0 });
  });

  it('a sale: goods on the NF-e, service products on an NFS-e, the freight apart', () => {
    expect(fiscalSplit({ kind: 'order', goods_lines: 8000, service_lines: 2000, shipping: 1590 })).toEqual({ amount: 11590, service_amount: 2000, goods_amount: 8000, freight_amount: 1590 });
    // Goods only: no service value at all, even with freight.
    expect(fiscalSplit({ kind: 'order', goods_lines: 5000, service_lines: 0, shipping: 2000 }).service_amount).toBe(0);
  });
});

describe('summariseFiscal', () => {
  it('totals services, goods and freight of the live events', () => {
    const summary = summariseFiscal('2026-11', [
      event('fee:1', fiscalSplit({ kind: 'fee', fee: 1000 })),
      event('order:1', fiscalSplit({ kind: 'order', goods_lines: 5000, service_lines: 0, shipping: 1500 })),
      event('order:2', fiscalSplit({ kind: 'order', goods_lines: 3000, service_lines: 2000, shipping: 0 }), { refunded: true }),
    ]);
    expect(summary.totals).toMatchObject({ events: 2, amount: 7500, service_amount: 1000, goods_amount: 5000, freight_amount: 1500 });
  });
});
