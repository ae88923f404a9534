import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, normalizeSearch, productSearchText, searchTerms } from '../../../core/marketplace/search';
import { LOW_STOCK_THRESHOLD, STOCK_STATE_LABELS, productListQuerySchema, stockState } from '../../../core/marketplace/product-schemas';

describe('normalizeSearch (accent-insensitive catalogue search)', () => {
  it.each([
    ['Estética', 'estetica'],
    ['ESTÉTICA facial', 'estetica facial'],
    ['  Sérum   Facial\tVitamina C  ', 'serum facial vitamina c'],
    ['Pão de Açúcar', 'pao de acucar'],
    ['Óculos UV400 — polarizado!', 'oculos uv400 polarizado'],
    ['Ação, coração & limão', 'acao coracao limao'],
    ['d’Água', 'd agua'],
    ['100% algodão', '100 algodao'],
    ['Toalha 600 g/m²', 'toalha 600 g m2'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });

  it("a visitor typing 'estetica' finds a product named 'Estética' (query and stored text normalised alike)", () => {
    const stored = productSearchText('Kit Estética Facial', 'Rolo de quartzo e máscara');
    for (const term of searchTerms('estetica')) expect(stored).toContain(term);
    for (const term of searchTerms('ESTÉTICA máscara')) expect(stored).toContain(term);
    expect(stored).toBe('kit estetica facial rolo de quartzo e mascara');
  });

  it('never lets LIKE wildcards through: punctuation becomes a word break', () => {
    expect(searchTerms('50%_off')).toEqual(['50', 'off']);
  });

  it('splits a query into distinct words, at most MAX_SEARCH_TERMS', () => {
    expect(searchTerms('Sérum sérum  facial')).toEqual(['serum', 'facial']);
    expect(searchTerms('a b c d e f g h')).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('stock states (Esgotado, Últimas unidades)', () => {
  it.each<[number | null, string]>([
    [null, 'available'],
    [0, 'sold_out'],
    [1, 'low'],
    [LOW_STOCK_THRESHOLD, 'low'],
    [LOW_STOCK_THRESHOLD + 1, 'available'],
    [500, 'available'],
  ])('stock %j → %s', (stock, state) => {
    expect(stockState(stock)).toBe(state);
  });

  it('labels in pt-BR', () => {
    expect(STOCK_STATE_LABELS.sold_out).toBe('Esgotado');
    expect(STOCK_STATE_LABELS.low).toBe('Últimas unidades');
  });
});

describe('catalogue query', () => {
  it('defaults to the newest first, page 1, 20 per page; blank parameters take the defaults', () => {
    expect(productListQuerySchema.parse({ q: '', category: '', sort: '', page: '' })).toEqual({ page: 1, per_page: 20, sort: 'newest' });
  });
  it('refuses an unknown sort and more than 100 per page', () => {
    expect(productListQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
});
