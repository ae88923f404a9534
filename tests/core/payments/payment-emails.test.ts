// The payment e-mails: the confirmation links the receipt, and no template reads "a o" (it is "ao").
import { describe, expect, it } from 'vitest';
import { paymentConfirmedEmail, refundIssuedEmail } from '../../../core/payments/payment-emails';
import { groupCompleteEmail } from '../../../core/groups/group-emails';
import { accountDeletedEmail, confirmationEmail, passwordChangedEmail, recoveryEmail } from '../../../core/identity/emails';

const RECEIPT = 'https://turma.example/api/payments/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/receipt';

describe('paymentConfirmedEmail', () => {
  it('links the receipt (text and HTML) and reads "referente ao saldo"', () => {
    const mail = paymentConfirmedEmail({ to: 'ana@exemplo.com.br', name: 'Ana Lima', what: 'ao saldo de Tatuagem P (voucher TRM-1)', amount: 37_800, receiptLink: RECEIPT });
    expect(mail.text).toContain('Recebemos o pagamento de R$\u00a0378,00 referente ao saldo de Tatuagem P (voucher TRM-1).');
    expect(mail.text).toContain(`Ver recibo:\n${RECEIPT}`);
    expect(mail.html).toContain(`href="${RECEIPT}"`);
    expect(mail.text).not.toMatch(/\ba o\b/);
  });

  it('still renders without a link (no PUBLIC_URL), pointing to the history', () => {
    const mail = paymentConfirmedEmail({ to: 'ana@exemplo.com.br', name: 'Ana', what: 'à entrada da turma de Tatuagem P', amount: 4_200 });
    expect(mail.text).toContain('referente à entrada da turma de Tatuagem P');
    expect(mail.text).toContain('histórico de pagamentos');
    expect(mail.html).not.toContain('/receipt');
  });

  it('refuses a receipt link that is not http(s)', () => {
    expect(() => paymentConfirmedEmail({ to: 'a@b.c', name: 'A', what: 'ao saldo', amount: 1, receiptLink: 'javascript:alert(1)' })).toThrow();
  });
});

describe('no e-mail template reads "a o" (the contraction is "ao")', () => {
  const link = 'https://turma.example/x';
  const mails = [
    paymentConfirmedEmail({ to: 't@t.t', name: 'Ana', what: 'ao saldo de X', amount: 100, receiptLink: link }),
    refundIssuedEmail({ to: 't@t.t', name: 'Ana', amount: 100 }),
    groupCompleteEmail({ to: 't@t.t', name: 'Ana', plan: 'X', balance: 100 }),
    confirmationEmail({ to: 't@t.t', name: 'Ana', link }),
    recoveryEmail({ to: 't@t.t', name: 'Ana', link }),
    passwordChangedEmail({ to: 't@t.t', name: 'Ana', when: new Date('2026-11-21T10:05:00Z') }),
    accountDeletedEmail({ to: 't@t.t', name: 'Ana' }),
  ];
  it.each(mails.map((m) => [m.template, m] as const))('%s', (_template, mail) => {
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b[aA] o\b/);
  });
});
