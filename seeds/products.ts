// Demo marketplace products (faker pt_BR with a fixed seed): prices, stock (some sold out, some with the last units,
// some unlimited) and a generated cover each. Only missing slugs are created, so a second run changes nothing and
// never undoes an operator's stock or price change.
import { fakerPT_BR } from '@faker-js/faker';
import type { Container } from 'inversify';
import type { ProductService } from '../core/marketplace/product.service';
import type { AppUnitOfWork } from '../adapters/db/unit-of-work';
import { TOKENS } from '../adapters/tokens';
import { DEMO_PRODUCT_CATEGORIES, DEMO_PRODUCTS } from './products.data';

const SELLING_POINTS = [
  'Envio para todo o Brasil.',
  'Garantia de 90 dias contra defeitos de fabricação.',
  'Nota fiscal em todas as compras.',
  'Troca grátis em até 7 dias após o recebimento.',
  'Produto novo, lacrado na embalagem original.',
  'Pague no PIX e receba a confirmação na hora.',
];

export async function seedProducts(container: Container): Promise<{ categories: number; created: number }> {
  const products = container.get<ProductService>(TOKENS.ProductService);
  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  const faker = fakerPT_BR;
  faker.seed(20_261_121);

  const categoryIds = new Map<string, string>();
  for (const category of DEMO_PRODUCT_CATEGORIES) {
    categoryIds.set(category.slug, (await products.saveCategory({ ...category, active: true })).id);
  }

  let created = 0;
  for (const [i, demo] of DEMO_PRODUCTS.entries()) {
    // Drawn for every product, existing or not, so each product always gets the same values.
    const price = faker.number.int({ min: demo.reais[0], max: demo.reais[1] }) * 100 + 90;
    const extra = faker.helpers.arrayElements(SELLING_POINTS, 2).join(' ');
    // A fixed mix the catalogue screens can show: sold out ('Esgotado'), last units, unlimited, plenty.
    const stock = i % 8 === 2 ? 0 : i % 8 === 5 ? faker.number.int({ min: 1, max: 3 }) : i % 8 === 7 ? null : faker.number.int({ min: 6, max: 150 });
    if (await uow.repos.marketplace.products.findBySlug(demo.slug)) continue;
    await products.save({
      slug: demo.slug,
      name: demo.name,
      description: `${demo.description} ${extra}`,
      category_id: categoryIds.get(demo.category) ?? null,
      price,
      stock_quantity: stock,
      images: [],
      active: true,
    });
    created++;
  }
  return { categories: DEMO_PRODUCT_CATEGORIES.length, created };
}
