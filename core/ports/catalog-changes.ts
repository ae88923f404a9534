// Told after a commit that changed what a public catalogue shows (products and stock, plans), so read caches drop
// what they hold. The adapters' read caches implement it; a service without one gets a no-op.
export interface CatalogChanges {
  changed(): void;
}

export const NO_CATALOG_CACHE: CatalogChanges = { changed: () => {} };
