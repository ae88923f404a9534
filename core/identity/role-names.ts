// The four account roles, with no dependency (no zod): the back office's always-loaded screens import this module alone.
// core/identity/roles.ts builds its schema on it and re-exports it.

export const ROLES = ['user', 'professional', 'influencer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
