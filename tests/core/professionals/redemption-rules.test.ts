import { describe, expect, it } from 'vitest';
import { redemptionRefusal, redemptionRefusalMessage, REDEMPTION_REFUSALS, type RedemptionCase } from '../../../core/professionals/redemption-rules';

const tattooStudio = { status: 'approved', category: 'tatuagem' };
const tattooPlan = { kind: 'service', category: 'tatuagem' };
const redeemable = { status: 'redeemable' as const };
const ok: RedemptionCase = { professional: tattooStudio, voucher: redeemable, plan: tattooPlan };

describe('redemptionRefusal (who may redeem which voucher)', () => {
  it('an approved professional of the plan category may redeem a paid, unused service voucher', () => {
    expect(redemptionRefusal(ok)).toBeNull();
  });

  it('only an approved professional may redeem', () => {
    for (const status of ['pending', 'rejected', 'suspended']) {
      expect(redemptionRefusal({ ...ok, professional: { ...tattooStudio, status } })).toBe('professional_not_approved');
    }
    expect(redemptionRefusal({ ...ok, professional: null })).toBe('professional_not_approved');
  });

  it('a voucher of another category is refused, whatever its status', () => {
    const esthetics = { kind: 'service', category: 'estetica' };
    expect(redemptionRefusal({ ...ok, plan: esthetics })).toBe('voucher_wrong_category');
    expect(redemptionRefusal({ ...ok, plan: esthetics, voucher: { status: 'redeemed' } })).toBe('voucher_wrong_category');
    expect(redemptionRefusal({ ...ok, plan: esthetics, voucher: { status: 'awaiting_balance' } })).toBe('voucher_wrong_category');
    expect(redemptionRefusal({ ...ok, plan: { kind: 'service', category: null } })).toBe('voucher_wrong_category');
    expect(redemptionRefusal({ ...ok, plan: null })).toBe('voucher_wrong_category');
  });

  it('a product voucher ships as an order and is never redeemed at a counter', () => {
    expect(redemptionRefusal({ ...ok, plan: { kind: 'product', category: 'tatuagem' } })).toBe('voucher_ships_as_order');
  });

  it('a voucher of the right category is refused by its state: used, cancelled or balance unpaid', () => {
    expect(redemptionRefusal({ ...ok, voucher: { status: 'redeemed' } })).toBe('voucher_already_redeemed');
    expect(redemptionRefusal({ ...ok, voucher: { status: 'cancelled' } })).toBe('voucher_cancelled');
    expect(redemptionRefusal({ ...ok, voucher: { status: 'awaiting_balance' } })).toBe('voucher_not_redeemable');
  });
});

describe('redemptionRefusalMessage', () => {
  it('names both categories for a wrong-category voucher and says what to do', () => {
    expect(redemptionRefusalMessage('voucher_wrong_category', { voucherCategory: 'Estética', professionalCategory: 'Tatuagem' })).toBe(
      'Este voucher é de Estética: só um profissional aprovado de Estética pode resgatá-lo (o seu cadastro é de Tatuagem). Oriente o cliente a procurar um profissional dessa categoria.',
    );
  });

  it('has a pt-BR sentence for every refusal', () => {
    for (const reason of REDEMPTION_REFUSALS) expect(redemptionRefusalMessage(reason)).toMatch(/^[A-ZÁÉ].+\.$/);
  });
});
