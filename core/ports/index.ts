export type * from './repositories';
export type * from './unit-of-work';
export type * from './security';
export type * from './mailer';
export type * from './address-lookup';
export type * from './storage';
export type * from './payments';
export type * from './rate-limiter';
export type { Clock } from '../shared/clock';
