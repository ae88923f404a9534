// The receipt's layouts: the HTML page escapes and is self-contained; the PDF (pdfkit) carries the same text.
import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../core/payments/receipt';
import { RECEIPT_CSP, renderReceiptHtml } from '../../adapters/receipts/receipt-html';
import { renderReceiptPdf } from '../../adapters/receipts/receipt-pdf';
import { pdfText } from '../support/pdf-text';

const receipt = buildReceipt({
  payment: {
    id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    purpose: 'order',
    amount: 15_980,
    method: 'PIX',
    installments: 1,
    status: 'confirmed',
    provider: 'sandbox',
    provider_payment_id: 'sbx_pay_123',
    confirmed_at: new Date('2026-11-21T13:00:00Z'),
    refunded_amount: 0,
  },
  payer: { name: 'João <b>Ação</b>', cpf: '12345678901' },
  subject: { kind: 'order', orderId: '9a8b7c6d-0000-4000-8000-000000000000', items: [{ name: 'Sérum facial', quantity: 2, unitPrice: 7_990, subtotal: 15_980 }] },
  issuedAt: new Date('2026-11-24T12:00:00Z'),
});

describe('renderReceiptHtml', () => {
  const html = renderReceiptHtml(receipt);
  it('is one pt-BR document with the receipt facts, every value escaped, no script and nothing loaded', () => {
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(html).toContain('Recibo de pagamento');
    expect(html).toContain('REC-0F1E2D3C4B5A');
    expect(html).toContain('R$\u00a0159,80');
    expect(html).toContain('***.456.789-**');
    expect(html).toContain('Sérum facial');
    expect(html).toContain('João &lt;b&gt;Ação&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<script|<link|<img|src=|style="/i);
    expect(html).toContain('@media print');
  });
  it('is served with a CSP that allows its <style> and nothing else', () => {
    expect(RECEIPT_CSP).toContain("default-src 'none'");
    expect(RECEIPT_CSP).toContain("style-src 'unsafe-inline'");
    expect(RECEIPT_CSP).not.toContain('script-src');
  });
});

describe('renderReceiptPdf', () => {
  it('makes a one-page PDF with the same facts (read uncompressed)', async () => {
    const pdf = await renderReceiptPdf(receipt, { compress: false, creationDate: new Date('2026-11-24T12:00:00Z') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(pdf);
    for (const fact of ['Recibo de pagamento', 'REC-0F1E2D3C4B5A', 'R$\u00a0159,80', '***.456.789-**', 'Sérum facial', 'João <b>Ação</b>', 'sbx_pay_123', '21/11/2026 às 10:00']) {
      expect(text).toContain(fact);
    }
  });
  it('compresses by default', async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdf.toString('latin1')).not.toContain('456.789'); // the page text is only readable inflated
    expect(pdfText(pdf)).toContain('R$\u00a0159,80');
  });
});
