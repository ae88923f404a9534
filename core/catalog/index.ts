// Catalog: plan categories and plans (docs/product/group-purchase.md), with the entry price computed by the core (10%, half-up).
export * from './ports';
export * from './entry-price';
export * from './plan.service';
export * from './plan-category-admin';
export * from './schemas';
