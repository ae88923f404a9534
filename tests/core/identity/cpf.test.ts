import { describe, it, expect } from 'vitest';
import { cpfSchema, formatCpf, generateCpf, isValidCpf, normalizeCpf } from '../../../core/identity/cpf';

/** mulberry32: a tiny seeded PRNG so the generator test is reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CPF', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    [' 529 982 247 25 ', '52998224725'],
    ['', ''],
  ])('SPEC §5: normalizeCpf(%j) keeps digits only → %j', (input, digits) => {
    expect(normalizeCpf(input)).toBe(digits);
  });

  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['  529.982.247-25  ', true],
    ['529982247-25', true],
    ['111.444.777-35', true],
    ['390.533.447-05', true],
    ['111.111.111-11', false], // all-same digits pass the arithmetic but are never issued
    ['000.000.000-00', false],
    ['999.999.999-99', false],
    ['529.982.247-24', false], // second check digit wrong
    ['529.982.247-15', false], // first check digit wrong
    ['529.982.247-2', false], // 10 digits
    ['529.982.247-255', false], // 12 digits
    ['5299822472', false],
    ['', false],
    ['abc52998224725', false], // letters are a typo, not formatting
    ['529/982/247-25', false],
  ])('SPEC §5: isValidCpf(%j) is %s', (input, ok) => {
    expect(isValidCpf(input)).toBe(ok);
  });

  it.each([
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['5299822472', '529.982.247-2'],
    ['529982247250000', '529.982.247-25'],
    ['', ''],
  ])('SPEC §5: formatCpf(%j) → %j (progressive mask)', (input, formatted) => {
    expect(formatCpf(input)).toBe(formatted);
  });

  it.each(Array.from({ length: 100 }, (_, seed) => [seed]))('SPEC §5: generateCpf(seed %i) is a valid CPF', (seed) => {
    const cpf = generateCpf(seeded(seed));
    expect(cpf).toMatch(/^\d{11}$/);
    expect(isValidCpf(cpf)).toBe(true);
    expect(isValidCpf(formatCpf(cpf))).toBe(true);
  });

  it.each([
    ['always 0', () => 0],
    ['always 0.999…', () => 0.9999999],
    ['out of range 1', () => 1],
    ['out of range -1', () => -1],
  ])('SPEC §5: generateCpf with a degenerate source (%s) still yields a valid CPF', (_name, random) => {
    expect(isValidCpf(generateCpf(random))).toBe(true);
  });

  it.each<[string, unknown, string | null]>([
    ['SPEC §5: a masked CPF parses to digits', '529.982.247-25', '52998224725'],
    ['SPEC §5: bare digits parse', '52998224725', '52998224725'],
    ['SPEC §5: an invalid CPF is rejected', '111.111.111-11', null],
    ['SPEC §5: a non-string is rejected', 52998224725, null],
  ])('%s', (_name, input, expected) => {
    const result = cpfSchema.safeParse(input);
    expect(result.success ? result.data : null).toBe(expected);
  });

  it("SPEC §5: the schema's message is 'CPF inválido'", () => {
    expect(cpfSchema.safeParse('123').error?.issues[0]?.message).toBe('CPF inválido');
  });
});
