// Wallet: an idempotent credit ledger per user (expired groups' entries, campaign bonuses) and its summary.
export * from './ports';
export * from './wallet.service';
export * from './schemas';
export * from './wallet-split';
export * from './wallet-spending';
