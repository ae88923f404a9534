// Groups: the group purchase (docs/product/group-purchase.md) — groups, members' held and paid places, auto-match, invites, reminders,
// vouchers — and its state machines. Paying, completing and expiring a group are flows in core/flows.
export * from './ports';
export * from './group-rules';
export * from './purchase-reversal-rules';
export * from './withdrawal-rules';
export * from './group-emails';
export * from './group.service';
export * from './schemas';
export * from './escrow-rules';
export * from './escrow-schemas';
export * from './escrow.service';
export * from './group-commands';
