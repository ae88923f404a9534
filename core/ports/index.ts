// The ports every module shares. Each module's own repositories are in `core/<module>/ports.ts`.
export type * from './unit-of-work';
export type * from './job-queue';
export type * from './security';
export type * from './mailer';
export type * from './address-lookup';
export type * from './storage';
export type * from './image';
export type * from './payments';
export type * from './rate-limiter';
export type * from './catalog-changes';
export type { Clock } from '../shared/clock';
