// docs/product/professionals.md: documents (CNPJ), PIX keys, trade registers (CRO + UF for Odontologia), application
// states, receivable maths, payouts and review rules — table-driven, no I/O.
import { describe, expect, it } from 'vitest';
import { formatCnpj, generateCnpj, isValidCnpj } from '../../../core/identity';
import { canonicalPixKey, detectPixKeyType, maskPixKey, pixKeySchema } from '../../../core/payments';
import {
  PROFESSIONAL_STATUSES,
  canMoveProfessional,
  computeReceivable,
  croNumberSchema,
  formatRegister,
  planPayout,
  portfolioOrderRefusal,
  portfolioRefusal,
  professionalApplicationSchema,
  ratingSummary,
  receivableAvailableAt,
  receivableTotals,
  reviewInputSchema,
  reviewRefusal,
  taxIdKind,
  taxIdSchema,
  type ProfessionalStatus,
} from '../../../core/professionals';

describe('CNPJ check digits', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.444.777/0001-61', true],
    ['11.222.333/0001-82', false],
    ['11.222.333/0001-18', false],
    ['00.000.000/0000-00', false],
    ['11.111.111/1111-11', false],
    ['1122233300018', false],
    ['11.222.333/0001-8a', false],
  ])('%s → %s', (cnpj, ok) => {
    expect(isValidCnpj(cnpj)).toBe(ok);
  });

  it('masks progressively and generates valid numbers', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11222')).toBe('11.222');
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 50; i++) expect(isValidCnpj(generateCnpj(random))).toBe(true);
    expect(isValidCnpj(generateCnpj(() => 0))).toBe(true);
  });
});

describe('PIX keys: the five DICT types', () => {
  it.each([
    ['CPF', '529.982.247-25', '52998224725'],
    ['CNPJ', '11.222.333/0001-81', '11222333000181'],
    ['EMAIL', ' Ana.Lima@Exemplo.com ', 'ana.lima@exemplo.com'],
    ['PHONE', '(11) 91234-5678', '+5511912345678'],
    ['PHONE', '+55 21 98765-4321', '+5521987654321'],
    ['EVP', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
  ] as const)('%s %s → %s', (type, raw, canonical) => {
    expect(canonicalPixKey(type, raw)).toBe(canonical);
    expect(pixKeySchema.parse({ type, key: raw })).toEqual({ type, key: canonical });
  });

  it.each([
    ['CPF', '529.982.247-24'],
    ['CNPJ', '11.222.333/0001-80'],
    ['EMAIL', 'ana@'],
    ['PHONE', '(11) 3123-4567'],
    ['PHONE', '(01) 91234-5678'],
    ['EVP', '123e4567-e89b-12d3-a456'],
  ] as const)('%s %s is refused with a message on the key', (type, raw) => {
    const result = pixKeySchema.safeParse({ type, key: raw });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['key'] });
    expect(result.error?.issues[0]?.message).toMatch(/^Chave PIX inválida/);
  });

  it('detects the type of a typed key and masks documents', () => {
    expect(detectPixKeyType('52998224725')).toBe('CPF');
    expect(detectPixKeyType('11.222.333/0001-81')).toBe('CNPJ');
    expect(detectPixKeyType('ana@exemplo.com')).toBe('EMAIL');
    expect(detectPixKeyType('+55 11 91234-5678')).toBe('PHONE');
    expect(detectPixKeyType('123e4567-e89b-12d3-a456-426614174000')).toBe('EVP');
    expect(detectPixKeyType('nada')).toBeNull();
    expect(maskPixKey({ type: 'CPF', key: '52998224725' })).toBe('***.982.247-**');
  });
});

describe('trade register and application', () => {
  const valid = {
    category: 'tatuagem',
    business_name: 'Estúdio Agulha Fina',
    tax_id: '11.222.333/0001-81',
    cep: '01310-100',
    address_number: '1000',
    bio: 'Tatuadora há 8 anos, especialista em fineline e pontilhismo, estúdio com alvará sanitário.',
    pix_key: { type: 'EMAIL', key: 'estudio@exemplo.com' },
  };

  it('accepts a tattoo artist without a register and stores documents as digits', () => {
    const app = professionalApplicationSchema.parse(valid);
    expect(app.tax_id).toBe('11222333000181');
    expect(taxIdKind(app.tax_id)).toBe('CNPJ');
    expect(app.cep).toBe('01310100');
  });

  it('requires CRO number and UF for Odontologia', () => {
    const missing = professionalApplicationSchema.safeParse({ ...valid, category: 'odontologia' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.some((i) => i.path.join('.') === 'register.number' && /CRO/.test(i.message))).toBe(true);
    const ok = professionalApplicationSchema.parse({ ...valid, category: 'odontologia', register: { council: 'CRO', number: 'CRO-SP 12345', uf: 'sp' } });
    expect(ok.register).toEqual({ council: 'CRO', number: '12345', uf: 'SP' });
    expect(formatRegister(ok.register!)).toBe('CRO-SP 12345');
  });

  it.each([['12345', '12345'], ['1', '1'], ['CRO-RJ 987654', '987654'], ['12.345', '12345']])('CRO %s → %s', (raw, number) => {
    expect(croNumberSchema.parse(raw)).toBe(number);
  });
  it.each([['0123'], ['1234567'], ['abc'], ['']])('CRO %s is refused', (raw) => {
    expect(croNumberSchema.safeParse(raw).success).toBe(false);
  });

  it('takes a CPF or a CNPJ, refusing anything else', () => {
    expect(taxIdSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(taxIdKind('52998224725')).toBe('CPF');
    expect(taxIdSchema.safeParse('123.456.789-00').success).toBe(false);
  });

  it('a pin needs both coordinates and must be in Brazil', () => {
    expect(professionalApplicationSchema.safeParse({ ...valid, latitude: -23.56 }).success).toBe(false);
    expect(professionalApplicationSchema.safeParse({ ...valid, latitude: 48.85, longitude: 2.35 }).success).toBe(false);
    expect(professionalApplicationSchema.parse({ ...valid, latitude: -23.56, longitude: -46.65 }).latitude).toBe(-23.56);
  });

  it.each([[2, false], [3, true], [8, true], [9, false]])('portfolio of %i photos ok=%s', (n, ok) => {
    expect(portfolioRefusal(n) === null).toBe(ok);
  });

  const moves: Array<[ProfessionalStatus, ProfessionalStatus]> = [
    ['pending', 'approved'],
    ['pending', 'rejected'],
    ['rejected', 'pending'],
    ['approved', 'suspended'],
    ['suspended', 'approved'],
  ];
  it('allows exactly the state moves of docs/product/professionals.md', () => {
    for (const from of PROFESSIONAL_STATUSES) {
      for (const to of PROFESSIONAL_STATUSES) {
        expect(canMoveProfessional(from, to), `${from} → ${to}`).toBe(moves.some(([f, t]) => f === from && t === to));
      }
    }
  });
});

describe('receivables (plan price − platform fee) and payouts', () => {
  it.each([
    [42_000, 10, { gross: 42_000, fee: 4_200, net: 37_800 }],
    [12_345, 10, { gross: 12_345, fee: 1_235, net: 11_110 }],
    [12_345, 12.5, { gross: 12_345, fee: 1_543, net: 10_802 }],
    [100, 0, { gross: 100, fee: 0, net: 100 }],
  ])('price %i at %s%% → %o', (price, percent, expected) => {
    expect(computeReceivable(price, percent)).toEqual(expected);
  });

  it('refuses an impossible fee', () => {
    expect(() => computeReceivable(100, 101)).toThrow(RangeError);
    expect(() => computeReceivable(100, -1)).toThrow(RangeError);
  });

  it('is held 7 days after redemption', () => {
    expect(receivableAvailableAt(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-08T12:00:00.000Z');
  });

  const now = new Date('2026-11-20T00:00:00Z');
  const r = (id: string, net: number, status: 'pending' | 'available' | 'in_payout' | 'paid', available: string) => ({ id, net, status, available_at: new Date(available) });
  it('pays what is available (or past its hold) once it reaches the minimum', () => {
    const list = [r('a', 3_000, 'available', '2026-11-10'), r('b', 2_500, 'pending', '2026-11-19'), r('c', 9_000, 'pending', '2026-11-25'), r('d', 7_000, 'paid', '2026-11-01')];
    expect(planPayout(list, 5_000, now)).toEqual({ ids: ['a', 'b'], total: 5_500 });
    expect(planPayout(list, 5_501, now)).toBeNull();
    expect(planPayout([], 0, now)).toBeNull();
    expect(receivableTotals(list)).toEqual({ pending: 11_500, available: 3_000, in_payout: 0, paid: 7_000, reversed: 0 });
  });
});

describe('reviews', () => {
  const redeemed = { user_id: 'u1', status: 'redeemed', redeemed_at: new Date('2026-08-01T00:00:00Z') };
  it.each([
    [redeemed, 'u1', '2026-10-30T00:00:00Z', null],
    [redeemed, 'u1', '2026-10-30T00:00:01Z', 'window_closed'],
    [redeemed, 'u2', '2026-08-02T00:00:00Z', 'not_yours'],
    [{ ...redeemed, status: 'redeemable', redeemed_at: null }, 'u1', '2026-08-02T00:00:00Z', 'not_redeemed'],
  ] as const)('%o by %s at %s → %s', (voucher, user, at, refusal) => {
    expect(reviewRefusal(voucher, user, new Date(at))).toBe(refusal);
  });

  it('rates 1–5 in whole stars with an optional comment', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    expect(reviewInputSchema.parse({ voucher_id: id, rating: 5, comment: '  ' })).toEqual({ voucher_id: id, rating: 5, comment: null });
    for (const rating of [0, 6, 4.5]) expect(reviewInputSchema.safeParse({ voucher_id: id, rating }).success).toBe(false);
  });

  it('averages published reviews only', () => {
    const hidden = new Date();
    expect(ratingSummary([{ rating: 5, hidden_at: null }, { rating: 4, hidden_at: null }, { rating: 1, hidden_at: hidden }])).toEqual({ rating_average: 4.5, total_reviews: 2 });
    expect(ratingSummary([{ rating: 5, hidden_at: null }, { rating: 4, hidden_at: null }, { rating: 4, hidden_at: null }])).toEqual({ rating_average: 4.33, total_reviews: 3 });
    expect(ratingSummary([])).toEqual({ rating_average: 0, total_reviews: 0 });
  });
});

describe('portfolio order: each of the portfolio\'s photos once', () => {
  const mine = ['a', 'b', 'c'];
  it.each([
    [['c', 'a', 'b'], null],
    [['a', 'b', 'c'], null],
    [['a', 'a', 'b'], 'duplicate'],
    [['a', 'b', 'x'], 'foreign'],
    [['a', 'b', 'c', 'x'], 'foreign'],
    [['a', 'b'], 'incomplete'],
  ] as const)('%j → %s', (requested, refusal) => {
    expect(portfolioOrderRefusal(mine, requested)).toBe(refusal);
  });
});
