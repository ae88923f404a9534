import { describe, it, expect } from 'vitest';
import { assertCents, centsToReais, formatCents, percentOf, reaisToCents } from '../../core/shared/money';

// Intl separates the currency symbol from the amount with a no-break space (U+00A0), not a plain space.
const NBSP = '\u00A0';

describe('money', () => {
  it.each([
    [12_345, `R$${NBSP}123,45`],
    [0, `R$${NBSP}0,00`],
    [1, `R$${NBSP}0,01`],
    [100_000_00, `R$${NBSP}100.000,00`],
    [-500, `-R$${NBSP}5,00`],
  ])('SPEC §1: pt-BR money text of %i centavos is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('SPEC §1: en-US locale keeps the BRL symbol', () => {
    expect(formatCents(12_345, 'en-US')).toBe('R$123.45');
  });

  it.each([
    [1000, 10, 100],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [1000, 12.5, 125],
    [3, 50, 2], // 1.5 → 2
    [-5, 10, -1], // half away from zero: a refund mirrors its charge
    [-15, 10, -2],
  ])('SPEC §9: percentOf(%i, %s percent) rounds half-up to %i', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected);
  });

  it('SPEC §9: a negative amount that rounds to nothing is numerically 0', () => {
    expect(percentOf(-4, 10) === 0).toBe(true);
  });

  it('a negative amount that rounds to nothing is +0, never -0 (which Intl prints as "-R$ 0,00")', () => {
    expect(Object.is(percentOf(-4, 10), 0)).toBe(true);
    expect(formatCents(percentOf(-4, 10))).toBe(formatCents(0));
  });

  it.each([
    [0.1 + 0.2, 30],
    [123.45, 12_345],
    [0, 0],
  ])('reaisToCents(%s) removes float noise → %i', (reais, cents) => {
    expect(reaisToCents(reais)).toBe(cents);
  });

  it.each([
    [12_345, 123.45],
    [30, 0.3],
  ])('centsToReais(%i) is %s', (cents, reais) => {
    expect(centsToReais(cents)).toBe(reais);
  });

  it.each([[1.5], [Number.NaN], [Number.MAX_SAFE_INTEGER + 1]])('assertCents rejects %s', (value) => {
    expect(() => assertCents(value)).toThrow(RangeError);
  });
});
