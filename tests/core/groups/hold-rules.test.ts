// How long a pending entry's place is held once its charge exists (boleto: its due date; PIX: 30 minutes).
import { describe, expect, it } from 'vitest';
import { endOfSaoPauloDay, entryHoldAfterCharge, occupiesPlace } from '../../../core/groups';

const now = new Date('2026-11-24T13:00:00Z'); // 10:00 in São Paulo

describe('entryHoldAfterCharge', () => {
  it('holds a boleto place until the end of its due date in São Paulo', () => {
    const hold = entryHoldAfterCharge({ method: 'BOLETO', dueDate: '2026-11-27', previousMethod: null }, now)!;
    expect(hold.toISOString()).toBe('2026-11-28T02:59:59.999Z');
    const member = { user_id: 'u', status: 'pending_payment' as const, hold_expires_at: hold };
    expect(occupiesPlace(member, new Date(now.getTime() + 31 * 60_000))).toBe(true);
    expect(occupiesPlace(member, new Date(now.getTime() + 2 * 86_400_000))).toBe(true);
    expect(occupiesPlace(member, new Date('2026-11-28T02:59:59Z'))).toBe(true);
    expect(occupiesPlace(member, new Date('2026-11-28T03:00:00Z'))).toBe(false);
  });

  it('goes back to the 30-minute rule when the member switches from boleto to PIX', () => {
    expect(entryHoldAfterCharge({ method: 'PIX', dueDate: '2026-11-24', previousMethod: 'BOLETO' }, now)!.getTime() - now.getTime()).toBe(30 * 60_000);
  });

  it('leaves a PIX or card hold as it is', () => {
    expect(entryHoldAfterCharge({ method: 'PIX', dueDate: '2026-11-24', previousMethod: null }, now)).toBeNull();
    expect(entryHoldAfterCharge({ method: 'CREDIT_CARD', dueDate: '2026-11-24', previousMethod: 'PIX' }, now)).toBeNull();
  });

  it('refuses a malformed date', () => {
    expect(() => endOfSaoPauloDay('27/11/2026')).toThrow();
  });
});
