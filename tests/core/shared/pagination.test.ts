import { describe, it, expect } from 'vitest';
import { paginationSchema, toOffset } from '../../../core/shared/pagination';

describe('pagination', () => {
  it.each<[string, Record<string, unknown>, { page: number; per_page: number }]>([
    ['docs/api.md: no params → page 1, 20 per page', {}, { page: 1, per_page: 20 }],
    ['docs/api.md: strings are coerced', { page: '3', per_page: '50' }, { page: 3, per_page: 50 }],
    ['docs/api.md: numbers are accepted', { page: 2, per_page: 10 }, { page: 2, per_page: 10 }],
    ['docs/api.md: empty values take the defaults', { page: '', per_page: '' }, { page: 1, per_page: 20 }],
    ['docs/api.md: per_page 1 is the minimum', { per_page: '1' }, { page: 1, per_page: 1 }],
    ['docs/api.md: per_page 100 is the maximum', { per_page: '100' }, { page: 1, per_page: 100 }],
    ['docs/api.md: unrelated params are ignored', { page: '2', sort: 'name' }, { page: 2, per_page: 20 }],
  ])('%s', (_name, query, expected) => {
    expect(paginationSchema.parse(query)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['docs/api.md: page 0 is invalid', { page: '0' }, 'page', 'A página deve ser um número inteiro maior ou igual a 1'],
    ['docs/api.md: negative page is invalid', { page: '-1' }, 'page', 'A página deve ser um número inteiro maior ou igual a 1'],
    ['docs/api.md: fractional page is invalid', { page: '1.5' }, 'page', 'A página deve ser um número inteiro maior ou igual a 1'],
    ['docs/api.md: non-numeric page is invalid', { page: 'abc' }, 'page', 'A página deve ser um número inteiro maior ou igual a 1'],
    ['docs/api.md: repeated page param is invalid', { page: ['1', '2'] }, 'page', 'A página deve ser um número inteiro maior ou igual a 1'],
    ['docs/api.md: per_page 0 is invalid', { per_page: '0' }, 'per_page', 'Itens por página deve ser um número inteiro entre 1 e 100'],
    ['docs/api.md: per_page 101 is invalid', { per_page: '101' }, 'per_page', 'Itens por página deve ser um número inteiro entre 1 e 100'],
  ])('%s', (_name, query, field, message) => {
    const result = paginationSchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it.each([
    [{ page: 1, per_page: 20 }, 0],
    [{ page: 2, per_page: 20 }, 20],
    [{ page: 5, per_page: 7 }, 28],
    [{ page: 1, per_page: 100 }, 0],
  ])('docs/api.md: toOffset(%j) is %i', (p, offset) => {
    expect(toOffset(p)).toBe(offset);
  });

  it('docs/api.md: parses a real query string', () => {
    const query = Object.fromEntries(new URLSearchParams('page=4&per_page=25'));
    expect(toOffset(paginationSchema.parse(query))).toBe(75);
  });
});
