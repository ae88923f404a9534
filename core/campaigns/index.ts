// Campaigns: admin-defined bonuses for members whose invitees complete a group (rules, schemas, use cases, ports).
export * from './campaign-rules';
export * from './ports';
export * from './schemas';
export * from './campaign.service';
export * from './campaign-commands';
