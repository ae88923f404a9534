// Goods invoices' pure rules: the access key's check digit, what an NF-e carries (goods and their freight, never
// services), the CFOP, the polling backoff, what a refund does inside and after the cancellation window, the states.
import { describe, expect, it } from 'vitest';
import {
  GOODS_INVOICE_STATUSES,
  GOODS_INVOICE_STATUS_LABELS,
  GOODS_INVOICE_STATUS_LABELS_EN,
  accessKeyCheckDigit,
  buildAccessKey,
  canMoveGoodsInvoice,
  formatAccessKey,
  goodsInvoiceAmounts,
  goodsInvoicePollDelaySeconds,
  goodsInvoiceReference,
  isValidAccessKey,
  refundDecision,
  saleCfop,
  spreadFreight,
  type InvoiceableLine,
} from '../../../core/goods-invoices';

const line = (subtotal: number, fiscal_kind: InvoiceableLine['fiscal_kind'], quantity = 1): InvoiceableLine => ({ product_id: 'p', product_name: 'x', quantity, unit_price: subtotal / quantity, subtotal, fiscal_kind });

describe('access key', () => {
  it("computes the manual's example check digit (modulo 11, weights 2–9 from the right)", () => {
    expect(accessKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
    expect(isValidAccessKey('52060433009911002506550120000007800267301615')).toBe(true);
    expect(isValidAccessKey('52060433009911002506550120000007800267301614')).toBe(false);
    expect(isValidAccessKey('5206043300991100250655012000000780026730161')).toBe(false);
  });

  it('a remainder of 0 or 1 gives digit 0; a body that is not 43 digits is refused', () => {
    expect(accessKeyCheckDigit('3526111122233300018155001000000000110000000')).toBe(0); // remainder 0
    expect(accessKeyCheckDigit('3526111122233300018155001000000000710000000')).toBe(0); // remainder 1
    expect(() => accessKeyCheckDigit('123')).toThrow();
  });

  it('builds cUF·AAMM·CNPJ·55·série·nNF·1·cNF·DV with a valid digit', () => {
    const key = buildAccessKey({ uf: 'SP', issuedAt: new Date('2026-11-28T12:00:00Z'), cnpj: '11.222.333/0001-81', series: 1, number: 42, code: 12345678 });
    expect(key).toHaveLength(44);
    expect(key.slice(0, 2)).toBe('35');
    expect(key.slice(2, 6)).toBe('2611');
    expect(key.slice(6, 20)).toBe('11222333000181');
    expect(key.slice(20, 22)).toBe('55');
    expect(key.slice(22, 25)).toBe('001');
    expect(key.slice(25, 34)).toBe('000000042');
    expect(key.slice(34, 35)).toBe('1');
    expect(key.slice(35, 43)).toBe('12345678');
    expect(isValidAccessKey(key)).toBe(true);
    expect(formatAccessKey(key).split(' ')).toHaveLength(11);
  });
});

describe('what an NF-e carries', () => {
  it('goods lines and the freight; service lines stay out (an NFS-e), a line of unknown kind is goods', () => {
    expect(goodsInvoiceAmounts([line(5000, 'goods'), line(3000, 'service'), line(1000, null)], 1500)).toMatchObject({ goods: 6000, freight: 1500, total: 7500 });
    expect(goodsInvoiceAmounts([line(5000, 'goods'), line(3000, 'service')], 1500).lines).toHaveLength(1);
  });

  it('an order of services alone has no NF-e, and its freight rides on none', () => {
    expect(goodsInvoiceAmounts([line(3000, 'service')], 1500)).toMatchObject({ goods: 0, freight: 0, total: 0 });
  });

  it('spreads the freight over the lines by value, summing exactly', () => {
    expect(spreadFreight([1000, 2000], 900)).toEqual([300, 600]);
    expect(spreadFreight([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(spreadFreight([500], 0)).toEqual([0]);
    const shares = spreadFreight([333, 667, 1000], 1001);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
  });

  it('CFOP 5102 inside the state, 6108 to a consumer in another state', () => {
    expect(saleCfop('SP', 'SP')).toBe('5102');
    expect(saleCfop('SP', 'RS')).toBe('6108');
  });

  it('a new reference per attempt', () => {
    expect(goodsInvoiceReference('abc', 1)).toBe('pedido-abc-1');
    expect(goodsInvoiceReference('abc', 2)).not.toBe(goodsInvoiceReference('abc', 1));
  });
});

describe('following and undoing', () => {
  it('polls at 15 s doubling, at most every 30 minutes', () => {
    expect([0, 1, 2, 3].map(goodsInvoicePollDelaySeconds)).toEqual([15, 30, 60, 120]);
    expect(goodsInvoicePollDelaySeconds(20)).toBe(1800);
  });

  it('a refund cancels an authorised NF-e within 24 h and flags a return invoice after', () => {
    const authorised = new Date('2026-11-28T10:00:00Z');
    const at = (h: number) => new Date(authorised.getTime() + h * 3_600_000);
    expect(refundDecision({ status: 'authorised', authorised_at: authorised }, at(23.9))).toBe('cancel');
    expect(refundDecision({ status: 'authorised', authorised_at: authorised }, at(24))).toBe('return_required');
    // Mato Grosso's 2-hour window through the setting.
    expect(refundDecision({ status: 'authorised', authorised_at: authorised }, at(3), 2)).toBe('return_required');
    expect(refundDecision({ status: 'processing', authorised_at: null }, at(1))).toBe('wait');
    expect(refundDecision({ status: 'pending', authorised_at: null }, at(1))).toBe('drop');
    expect(refundDecision({ status: 'error', authorised_at: null }, at(1))).toBe('drop');
    expect(refundDecision({ status: 'cancelled', authorised_at: authorised }, at(1))).toBe('nothing');
    expect(refundDecision(null, at(1))).toBe('nothing');
  });

  it('states: a rejection goes back to pending by a retry; cancelled and return pending are final; every status has its labels', () => {
    expect(canMoveGoodsInvoice('error', 'pending')).toBe(true);
    expect(canMoveGoodsInvoice('authorised', 'pending')).toBe(false);
    expect(canMoveGoodsInvoice('cancelled', 'authorised')).toBe(false);
    expect(canMoveGoodsInvoice('return_required', 'cancelled')).toBe(false);
    for (const s of GOODS_INVOICE_STATUSES) {
      expect(GOODS_INVOICE_STATUS_LABELS[s]).toMatch(/\S/);
      expect(GOODS_INVOICE_STATUS_LABELS_EN[s]).toMatch(/\S/);
    }
  });
});
