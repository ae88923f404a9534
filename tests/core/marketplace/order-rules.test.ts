import { describe, expect, it } from 'vitest';
import {
  ORDER_PAYMENT_MINUTES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  TERMINAL_STATUSES,
  addressFromProfile,
  assertTransition,
  canTransition,
  nextStatuses,
  orderAddressSchema,
  orderExpiry,
  returnsStock,
  type OrderActor,
  type OrderStatus,
} from '../../../core/marketplace/order-rules';
import { DomainError } from '../../../core/shared/errors';

const ACTORS: OrderActor[] = ['payment', 'system', 'operator'];

/** The whole flow, written out: pending → paid → preparing → shipped → delivered, or cancelled / refunded. */
const ALLOWED = new Set([
  'pending>paid:payment',
  'pending>cancelled:system',
  'pending>cancelled:operator',
  'paid>preparing:operator',
  'paid>refunded:operator',
  'preparing>shipped:operator',
  'preparing>refunded:operator',
  'shipped>delivered:operator',
  'shipped>refunded:operator',
  'delivered>refunded:operator',
  // A refund or chargeback the provider reports after confirmation.
  'paid>refunded:payment',
  'preparing>refunded:payment',
  'shipped>refunded:payment',
  'delivered>refunded:payment',
]);

describe('order transitions (exhaustive)', () => {
  const cases = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.flatMap((to) => ACTORS.map((actor) => [from, to, actor] as const)));

  it(`covers all ${ORDER_STATUSES.length}×${ORDER_STATUSES.length}×${ACTORS.length} combinations`, () => {
    expect(cases).toHaveLength(147);
  });

  it.each(cases)('%s → %s by %s', (from, to, actor) => {
    const allowed = ALLOWED.has(`${from}>${to}:${actor}`);
    expect(canTransition(from, to, actor)).toBe(allowed);
    if (allowed) expect(() => assertTransition(from, to, actor, { trackingCode: 'BR123456789BR' })).not.toThrow();
    else expect(() => assertTransition(from, to, actor, { trackingCode: 'BR123456789BR' })).toThrow(expect.objectContaining({ kind: 'conflict', code: 'invalid_order_transition' }));
  });

  it('only a confirmed payment makes an order paid; an operator cannot', () => {
    expect(canTransition('pending', 'paid', 'operator')).toBe(false);
    expect(canTransition('pending', 'paid', 'payment')).toBe(true);
  });

  it('cancelled and refunded are final', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['cancelled', 'refunded']);
    for (const s of TERMINAL_STATUSES) for (const a of ACTORS) expect(nextStatuses(s, a)).toEqual([]);
  });

  it('the refusal names the states in pt-BR and the possible next ones', () => {
    try {
      assertTransition('paid', 'delivered', 'operator');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).message).toBe('Um pedido "Pago" não pode passar para "Entregue" (possível: preparing, refunded).');
    }
  });

  it('shipped needs a tracking code (400 with the field)', () => {
    for (const code of [undefined, null, '', '  ', 'ab', 'BR 123']) {
      expect(() => assertTransition('preparing', 'shipped', 'operator', { trackingCode: code })).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'tracking_code_required', fields: { tracking_code: 'Informe o código de rastreio' } }),
      );
    }
    expect(() => assertTransition('preparing', 'shipped', 'operator', { trackingCode: 'QB123456789BR' })).not.toThrow();
  });

  it('every status has a pt-BR label', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUS_LABELS.pending).toBe('Aguardando pagamento');
  });
});

describe('stock returns only when an order ends before shipping', () => {
  it.each<[OrderStatus, OrderStatus, boolean]>([
    ['pending', 'cancelled', true],
    ['paid', 'refunded', true],
    ['preparing', 'refunded', true],
    ['shipped', 'refunded', false],
    ['delivered', 'refunded', false],
    ['paid', 'preparing', false],
    ['pending', 'paid', false],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(returnsStock(from, to)).toBe(expected);
  });
});

describe('payment window', () => {
  it('an order expires 30 minutes after creation (the PIX expiry)', () => {
    expect(ORDER_PAYMENT_MINUTES).toBe(30);
    const now = new Date('2026-11-21T12:00:00Z');
    expect(orderExpiry(now).toISOString()).toBe('2026-11-21T12:30:00.000Z');
  });
});

describe('delivery address', () => {
  const valid = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'sp' };

  it('accepts the CEP mask and normalises CEP and UF', () => {
    expect(orderAddressSchema.parse(valid)).toEqual({ ...valid, cep: '01310100', state: 'SP', complement: null });
  });

  it.each([
    ['cep', '0131010', 'O CEP deve ter 8 dígitos'],
    ['cep', '013101000', 'O CEP deve ter 8 dígitos'],
    ['street', '  ', 'Informe a rua'],
    ['number', '', 'Informe o número'],
    ['district', '', 'Informe o bairro'],
    ['city', '', 'Informe a cidade'],
    ['state', 'XX', 'UF inválida'],
  ])('%s = %j → %s', (field, value, message) => {
    const result = orderAddressSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('maps the profile’s saved address (SPEC §3 fields)', () => {
    const input = addressFromProfile({ cep: '01310100', address_street: 'Av. Paulista', address_number: '1000', address_complement: 'ap 5', address_district: 'Bela Vista', address_city: 'São Paulo', address_state: 'SP' });
    expect(orderAddressSchema.parse(input)).toEqual({ cep: '01310100', street: 'Av. Paulista', number: '1000', complement: 'ap 5', district: 'Bela Vista', city: 'São Paulo', state: 'SP' });
    expect(orderAddressSchema.safeParse(addressFromProfile({ cep: null, address_street: null, address_number: null, address_complement: null, address_district: null, address_city: null, address_state: null })).success).toBe(false);
  });
});
