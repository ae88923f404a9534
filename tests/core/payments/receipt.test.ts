// buildReceipt: the receipt's texts from a confirmed payment, its payer and what it paid for.
import { describe, expect, it } from 'vitest';
import { buildReceipt, hasReceipt, maskCpf, receiptNumber, receiptPath, type ReceiptInput } from '../../../core/payments/receipt';

const PAYMENT: ReceiptInput['payment'] = {
  id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  purpose: 'entry',
  amount: 4_200,
  method: 'PIX',
  installments: 1,
  status: 'confirmed',
  provider: 'sandbox',
  provider_payment_id: 'sbx_pay_123',
  // 02:30 UTC is still the previous evening in São Paulo (UTC−3).
  confirmed_at: new Date('2026-11-21T02:30:00Z'),
  refunded_amount: 0,
};
const input = (over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  payment: PAYMENT,
  payer: { name: 'Ana Lima', cpf: '12345678901' },
  subject: { kind: 'entry', planName: 'Tatuagem P', groupId: 'abcdef12-0000-4000-8000-000000000000' },
  issuedAt: new Date('2026-11-24T12:00:00Z'),
  ...over,
});

describe('maskCpf', () => {
  it.each([
    ['12345678901', '***.456.789-**'],
    ['123.456.789-01', '***.456.789-**'],
    [null, 'não informado'],
    ['123', 'não informado'],
  ])('%j → %j', (cpf, masked) => expect(maskCpf(cpf)).toBe(masked));
});

describe('buildReceipt', () => {
  it('says what an entry paid, when (São Paulo time), by whom (masked CPF), how and how much', () => {
    const r = buildReceipt(input());
    expect(r).toMatchObject({
      brand: 'Turma',
      title: 'Recibo de pagamento',
      number: 'REC-0F1E2D3C4B5A',
      paidAt: '20/11/2026 às 23:30 (horário de Brasília)',
      payer: { name: 'Ana Lima', cpf: '***.456.789-**' },
      description: 'Entrada do plano Tatuagem P na turma #ABCDEF12',
      method: 'PIX',
      amount: 'R$\u00a042,00',
      provider: 'Sandbox (ambiente de teste)',
      providerId: 'sbx_pay_123',
      refundNote: null,
      items: [],
    });
    expect(r.lines.map((l) => l.label)).toEqual([
      'Recibo nº', 'Data do pagamento', 'Pagador', 'CPF', 'Referente a', 'Forma de pagamento', 'Valor', 'Provedor', 'Identificador no provedor',
    ]);
    expect(JSON.stringify(r)).not.toContain('12345678901');
    expect(JSON.stringify(r)).not.toMatch(/\ba o\b/);
  });

  it('describes a balance with its voucher and an order with its lines', () => {
    const balance = buildReceipt(input({ subject: { kind: 'balance', planName: 'Clareamento', groupId: 'abcdef12-0000-4000-8000-000000000000', voucherCode: 'TRM-7K2P' } }));
    expect(balance.description).toBe('Saldo do plano Clareamento na turma #ABCDEF12 (voucher TRM-7K2P)');

    const order = buildReceipt(
      input({
        payment: { ...PAYMENT, purpose: 'order', amount: 15_980, method: 'CREDIT_CARD', installments: 3, provider: 'asaas' },
        subject: { kind: 'order', orderId: '9a8b7c6d-0000-4000-8000-000000000000', items: [{ name: 'Creme <pós>', quantity: 2, unitPrice: 7_990, subtotal: 15_980 }] },
      }),
    );
    expect(order).toMatchObject({ description: 'Pedido #9A8B7C6D do marketplace', method: 'Cartão de crédito em 3x', amount: 'R$\u00a0159,80', provider: 'Asaas' });
    expect(order.items).toEqual([{ name: 'Creme <pós>', quantity: '2', unitPrice: 'R$\u00a079,90', subtotal: 'R$\u00a0159,80' }]);
  });

  it('notes a refund after the confirmation, and refuses a payment that was never confirmed', () => {
    const refunded = buildReceipt(input({ payment: { ...PAYMENT, status: 'refunded', refunded_amount: 4_200 } }));
    expect(refunded.refundNote).toBe('Estornado: R$\u00a042,00.');
    expect(refunded.lines.at(-1)).toEqual({ label: 'Situação', value: 'Estornado: R$\u00a042,00.' });
    expect(() => buildReceipt(input({ payment: { ...PAYMENT, status: 'pending', confirmed_at: null } }))).toThrow();
  });

  it('knows which payments have a receipt, its number and its address', () => {
    expect(hasReceipt({ status: 'confirmed', confirmed_at: new Date() })).toBe(true);
    expect(hasReceipt({ status: 'refunded', confirmed_at: new Date() })).toBe(true);
    expect(hasReceipt({ status: 'pending', confirmed_at: null })).toBe(false);
    expect(hasReceipt({ status: 'cancelled', confirmed_at: null })).toBe(false);
    expect(receiptNumber('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0')).toBe('REC-0F1E2D3C4B5A');
    expect(receiptPath('abc')).toBe('/api/payments/abc/receipt');
    expect(receiptPath('abc', 'pdf')).toBe('/api/payments/abc/receipt?format=pdf');
  });
});
