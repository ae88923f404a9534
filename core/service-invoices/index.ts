// Service invoices (NFS-e) for the platform's fee, issued through the provider (docs/product/payments.md#service-invoices-nfs-e).
export * from './service-invoice-rules';
export * from './service-invoice-commands';
export * from './service-invoice.service';
export * from './schemas';
export * from './ports';
