import { describe, expect, it } from 'vitest';
import { needsRefundChoice, refundChoiceOf, refundDestinationSchema } from '../../../core/payments/boleto-refund';

describe('boleto refunds: the rule', () => {
  it('only a boleto with a provider part needs the member to choose', () => {
    expect(needsRefundChoice({ method: 'BOLETO', amount: 6_000, wallet_amount: 0 })).toBe(true);
    expect(needsRefundChoice({ method: 'BOLETO', amount: 6_000, wallet_amount: 6_000 })).toBe(false);
    expect(needsRefundChoice({ method: 'PIX', amount: 6_000, wallet_amount: 0 })).toBe(false);
    expect(needsRefundChoice({ method: 'CREDIT_CARD', amount: 6_000, wallet_amount: 0 })).toBe(false);
  });

  it('tells awaiting_choice until chosen, then the choice', () => {
    const boleto = { method: 'BOLETO' as const, amount: 6_000, wallet_amount: 0 };
    expect(refundChoiceOf({ ...boleto, status: 'refund_pending', refund_destination: null })).toBe('awaiting_choice');
    expect(refundChoiceOf({ ...boleto, status: 'refund_pending', refund_destination: 'pix' })).toBe('pix');
    expect(refundChoiceOf({ ...boleto, status: 'refunded', refund_destination: 'wallet' })).toBe('wallet');
    expect(refundChoiceOf({ ...boleto, status: 'confirmed', refund_destination: null })).toBeNull();
    expect(refundChoiceOf({ method: 'PIX', amount: 6_000, wallet_amount: 0, status: 'refund_pending' })).toBeNull();
  });

  it('validates the PIX key with the core rule (canonical form, pt-BR messages)', () => {
    expect(refundDestinationSchema.parse({ type: 'pix', pix_key: { type: 'CPF', key: '529.982.247-25' } })).toEqual({ type: 'pix', pix_key: { type: 'CPF', key: '52998224725' } });
    expect(refundDestinationSchema.parse({ type: 'wallet' })).toEqual({ type: 'wallet' });
    const bad = refundDestinationSchema.safeParse({ type: 'pix', pix_key: { type: 'EMAIL', key: 'nao-e-email' } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('Chave PIX inválida: informe um e-mail válido');
    expect(refundDestinationSchema.safeParse({ type: 'boleto' }).success).toBe(false);
  });
});
