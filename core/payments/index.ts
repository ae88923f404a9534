// Payments: charges through the provider port, confirmations applied exactly once (webhook, polling, reconcile),
// refunds as jobs. Knows nothing of groups or orders: each purpose is a flow handed in as a PaymentPurposeHandler.
export * from './ports';
export * from './payment-rules';
export * from './pix-key';
export * from './boleto-refund';
export * from './payment-emails';
export * from './payment.service';
export * from './schemas';
export * from './receipt';
