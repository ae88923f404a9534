// Audit: the append-only log of every admin action and security event, and its back-office listing.
export * from './ports';
export * from './audit-log.service';
export * from './schemas';
