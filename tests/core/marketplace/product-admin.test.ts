// The back office catalogue's rules: what an admin may send for a product or a category, and the pt-BR
// refusals for a category in use.
import { describe, expect, it } from 'vitest';
import { adminProductCategoryInputSchema, adminProductInputSchema, PRODUCT_ADMIN_MESSAGES } from '../../../core/marketplace/product-admin';
import { adminPlanCategoryInputSchema, PLAN_CATEGORY_MESSAGES } from '../../../core/catalog/plan-category-admin';

const base = { name: 'Vela Aromática', slug: 'vela-aromatica', price: 4_990 };

describe('adminProductInputSchema', () => {
  it('takes the price in integer centavos and drops fields the server computes', () => {
    const parsed = adminProductInputSchema.parse({ ...base, stock_state: 'sold_out', image_url: 'x', category_name: 'Casa' });
    expect(parsed).toEqual({ ...base, description: '', category_id: null, stock_quantity: null, images: [], active: true });
  });

  it.each([
    [{ price: 49.9 }, 'price', 'O preço deve ser um número inteiro de centavos'],
    [{ price: 0 }, 'price', 'O preço deve ser maior que zero'],
    [{ stock_quantity: -1 }, 'stock_quantity', 'O estoque não pode ser negativo'],
    [{ slug: 'Vela Aromática' }, 'slug', 'Use letras minúsculas, números e hífens'],
    [{ images: ['javascript:alert(1)'] }, 'images', 'Imagem inválida: envie o arquivo pelo botão de imagem'],
  ])('refuses %j with a pt-BR message', (patch, field, message) => {
    const result = adminProductInputSchema.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it('accepts the storage port\'s own URLs', () => {
    expect(adminProductInputSchema.parse({ ...base, images: ['/media/products/uploads/a.webp'] }).images).toEqual(['/media/products/uploads/a.webp']);
  });
});

describe('category inputs', () => {
  it('an empty description is null; the order defaults to 0', () => {
    expect(adminProductCategoryInputSchema.parse({ name: 'Casa', slug: 'casa', description: '' })).toEqual({ name: 'Casa', slug: 'casa', description: null, sort_order: 0, active: true });
    expect(adminPlanCategoryInputSchema.safeParse({ name: 'Podologia', slug: 'podologia', kind: 'outro' }).error?.issues[0]?.message).toBe('Escolha o tipo: serviço ou produto');
  });

  it('names what keeps a category in use', () => {
    expect(PRODUCT_ADMIN_MESSAGES.categoryInUse(1)).toBe('Esta categoria não pode ser excluída: 1 produto usa esta categoria. Mova o produto para outra categoria ou desative a categoria.');
    expect(PRODUCT_ADMIN_MESSAGES.categoryInUse(3)).toMatch(/^Esta categoria não pode ser excluída: 3 produtos usam esta categoria\. Mova os produtos/);
    expect(PLAN_CATEGORY_MESSAGES.inUse(2, 1)).toBe('Esta categoria não pode ser excluída: está em uso por 2 planos e 1 profissional. Desative a categoria em vez de excluí-la.');
    expect(PLAN_CATEGORY_MESSAGES.inUse(0, 4)).toBe('Esta categoria não pode ser excluída: está em uso por 4 profissionais. Desative a categoria em vez de excluí-la.');
  });
});
