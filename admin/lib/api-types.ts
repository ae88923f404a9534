// The back office's record types come from the API description (GET /api/openapi.json → web/lib/api-schema.d.ts,
// `npm run api:types`), never written by hand: a server change that breaks a screen fails typecheck.
import type { components } from '../../web/lib/api-schema';

type Schemas = components['schemas'];
export type AdminPlanRecord = Schemas['AdminPlan'];
export type AuditLogRecord = Schemas['AuditLog'];
export type PlanCategoryRecord = Schemas['PlanCategory'];
export type PublicUserRecord = Schemas['PublicUser'];
export type AdminProfessionalRecord = Schemas['AdminProfessional'];
export type AdminProfessionalDetailRecord = Schemas['AdminProfessionalDetail'];
export type AdminReviewRecord = Schemas['AdminReview'];
