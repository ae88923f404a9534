// The catalogue's count line and pager with a capped total read well in pt-BR and en-US ("Mais de 1.000 produtos",
// "Página 3" without a last page); docs/product/marketplace.md#catalogue-pages.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogueCount } from '../../web/features/marketplace/catalogue-count';
import ptBR from '../../web/features/marketplace/locales/pt-BR';
import enUS from '../../web/features/marketplace/locales/en-US';

async function translator(lng: 'pt-BR' | 'en-US') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, ns: ['marketplace'], defaultNS: 'marketplace', resources: { 'pt-BR': { marketplace: ptBR }, 'en-US': { marketplace: enUS } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return i18n.getFixedT(lng, 'marketplace');
}

describe('catalogue count', () => {
  it('pt-BR: "mais de" when capped, grouped thousands, search and category', async () => {
    const t = await translator('pt-BR');
    expect(catalogueCount(t, 'pt-BR', { total: 1_000, total_capped: true }, {})).toBe('Mais de 1.000 produtos');
    expect(catalogueCount(t, 'pt-BR', { total: 100, total_capped: true }, { q: 'caneca' })).toBe('Mais de 100 produtos para "caneca"');
    expect(catalogueCount(t, 'pt-BR', { total: 1_000, total_capped: true }, { category: 'Casa' })).toBe('Mais de 1.000 produtos em Casa');
    expect(catalogueCount(t, 'pt-BR', { total: 1_030, total_capped: false }, {})).toBe('1.030 produtos');
    expect(catalogueCount(t, 'pt-BR', { total: 1, total_capped: false }, { q: 'serum' })).toBe('1 produto para "serum"');
    expect(catalogueCount(t, 'pt-BR', { total: 0, total_capped: false }, { category: 'Casa' })).toBe('Nenhum produto em Casa');
    expect(t('pager.page', { page: 3 })).toBe('Página 3');
  });

  it('en-US: "more than", grouped thousands', async () => {
    const t = await translator('en-US');
    expect(catalogueCount(t, 'en-US', { total: 1_000, total_capped: true }, {})).toBe('More than 1,000 products');
    expect(catalogueCount(t, 'en-US', { total: 100, total_capped: true }, { q: 'mug' })).toBe('More than 100 products for "mug"');
    expect(catalogueCount(t, 'en-US', { total: 1_000, total_capped: true }, { category: 'Home' })).toBe('More than 1,000 products in Home');
    expect(catalogueCount(t, 'en-US', { total: 2_500, total_capped: false }, {})).toBe('2,500 products');
    expect(t('pager.page', { page: 3 })).toBe('Page 3');
  });
});
