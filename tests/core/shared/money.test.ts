import { describe, it, expect } from 'vitest';
import { assertCents, centsToReais, formatCents, parseReais, percentOf, reaisToCents } from '../../../core/shared/money';

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

describe('parseReais: one reading of typed reais for the CLI, the back office and the CSV import', () => {
  it.each([
    ['420', 42_000],
    ['420,00', 42_000],
    ['199,9', 19_990],
    ['1.234', 123_400],
    ['1.234,56', 123_456],
    ['12.345.678,90', 1_234_567_890],
    ['199.90', 19_990],
    ['1.5', 150],
    ['R$ 1.234,56', 123_456],
    ['R$\u00a049,90', 4_990],
    [' 0,01 ', 1],
  ])('%s → %i centavos', (text, cents) => {
    expect(parseReais(text)).toBe(cents);
  });

  it.each([['1,234.56'], ['12,345'], ['abc'], ['-5'], ['1.23.4'], ['1.2345'], ['99999999999999999999']])('%s is not an amount', (text) => {
    expect(parseReais(text)).toBeUndefined();
  });

  it('empty text is no amount at all (null), not an error', () => {
    expect(parseReais('')).toBeNull();
    expect(parseReais('  R$ ')).toBeNull();
  });
});
