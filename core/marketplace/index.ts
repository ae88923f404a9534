// Marketplace: products and their search, the server cart (docs/product/spec.md §5 cart rules), orders with stock reserved by a
// conditional decrement, their status rules, messages and expiry (docs/product/marketplace.md). Paying an order is a flow.
export * from './ports';
export * from './cart-rules';
export * from './cart';
export * from './search';
export * from './product-schemas';
export * from './product-csv';
export * from './product-cover';
export * from './order-rules';
export * from './order-messages';
export * from './order-admin';
export * from './order-shipping';
export * from './order-line-refund';
export * from './product-uploads';
export * from './plan-order';
export * from './product.service';
export * from './product-admin';
export * from './cart.service';
export * from './order.service';
export * from './order-views';
export * from './schemas';
export * from './order-commands';
export * from './order-parcel';
export * from './order-parcel.service';
