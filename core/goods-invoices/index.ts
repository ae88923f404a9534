// Goods invoices (NF-e) of marketplace sales: the rules, the GoodsInvoice port and the use cases
// (docs/product/payments.md#goods-invoices).
export * from './goods-invoice-rules';
export * from './ports';
export * from './goods-invoice.service';
export * from './schemas';
