// Flows: use cases that cross modules, each run in one unit of work (paying an entry, a balance or an order,
// completing a group, expiring groups with their refunds).
export * from './entry-payment.flow';
export * from './balance-payment.flow';
export * from './order-payment.flow';
export * from './complete-group.flow';
export * from './expire-groups.flow';
export * from './group-admin.flow';
export * from './redeem-voucher.flow';
export * from './my-vouchers.flow';
export * from './payout.flow';
export * from './payment-receipt.flow';
export * from './export-my-data.flow';
export * from './influencer-application.flow';
export * from './commission.flow';
export * from './campaign-bonus.flow';
export * from './payment-reversal.flow';
export * from './withdrawal.flow';
export * from './account-deletion-plan';
export * from './account-deletion.flow';
export * from './plan-order.flow';
export * from './purposes';
