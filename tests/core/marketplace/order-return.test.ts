// CDC art. 49: the return window of a marketplace order — until the end of the 7th day after the delivery
// day in São Paulo — and who may ask.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/shared/errors';
import { assertCanRequestReturn, assertReturnPending, returnDeadline, returnRefusal } from '../../../core/marketplace/order-return';

const delivered = (at: string) => ({ status: 'delivered', delivered_at: new Date(at), return_status: null });

describe('returnDeadline', () => {
  it('is the end of the 7th day after the delivery day in São Paulo', () => {
    expect(returnDeadline(new Date('2026-11-10T15:00:00-03:00')).toISOString()).toBe('2026-11-18T02:59:59.999Z');
    // 23:30 in São Paulo is already the next day in UTC: the São Paulo calendar decides.
    expect(returnDeadline(new Date('2026-11-10T23:30:00-03:00')).toISOString()).toBe('2026-11-18T02:59:59.999Z');
    // Across a month end.
    expect(returnDeadline(new Date('2026-11-28T09:00:00-03:00')).toISOString()).toBe('2026-12-06T02:59:59.999Z');
  });
});

describe('returnRefusal', () => {
  const order = delivered('2026-11-10T15:00:00-03:00');
  it('accepts day 7 to its last millisecond and refuses day 8', () => {
    expect(returnRefusal(order, new Date('2026-11-10T15:00:01-03:00'))).toBeNull();
    expect(returnRefusal(order, new Date('2026-11-17T23:59:59.999-03:00'))).toBeNull();
    expect(returnRefusal(order, new Date('2026-11-18T00:00:00-03:00'))).toBe('withdrawal_window_closed');
  });
  it('refuses an order not delivered, and a second request', () => {
    const now = new Date('2026-11-11T10:00:00-03:00');
    for (const status of ['pending', 'paid', 'preparing', 'shipped', 'cancelled', 'refunded']) {
      expect(returnRefusal({ status, delivered_at: null, return_status: null }, now)).toBe('order_not_delivered');
    }
    expect(returnRefusal({ ...order, return_status: 'requested' }, now)).toBe('return_already_requested');
    expect(returnRefusal({ ...order, return_status: 'rejected' }, now)).toBe('return_already_requested');
  });
  it('throws a pt-BR 409', () => {
    try {
      assertCanRequestReturn(order, new Date('2026-11-18T00:00:00-03:00'));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ kind: 'conflict', code: 'withdrawal_window_closed' });
      expect((err as Error).message).toMatch(/prazo de 7 dias/);
    }
  });
});

describe('assertReturnPending', () => {
  it('only a requested return of a delivered order can be decided', () => {
    expect(() => assertReturnPending({ ...delivered('2026-11-10T15:00:00-03:00'), return_status: 'requested' })).not.toThrow();
    expect(() => assertReturnPending(delivered('2026-11-10T15:00:00-03:00'))).toThrow(/devolução pendente/);
    expect(() => assertReturnPending({ status: 'refunded', delivered_at: new Date(), return_status: 'accepted' })).toThrow(/devolução pendente/);
  });
});
