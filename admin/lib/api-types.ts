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
export type AdminInfluencerRecord = Schemas['AdminInfluencer'];
export type AdminInfluencerDetailRecord = Schemas['AdminInfluencerDetail'];
export type AdminCommissionRecord = Schemas['AdminCommission'];
export type AdminCommissionTotalsRecord = Schemas['AdminCommissionTotals'];
export type AdminReviewRecord = Schemas['AdminReview'];
export type AdminUserRecord = Schemas['AdminUser'];
export type AdminUserDetailRecord = Schemas['AdminUserDetail'];
export type JobRecord = Schemas['Job'];
export type FailedJobRecord = Schemas['FailedJob'];
export type JobRunResultRecord = Schemas['JobRunResult'];
export type AdminCampaignRecord = Schemas['AdminCampaign'];
export type AdminCampaignDetailRecord = Schemas['AdminCampaignDetail'];
export type AdminOrderSummaryRecord = Schemas['AdminOrderSummary'];
export type AdminOrderRecord = Schemas['AdminOrder'];
export type OrderLineRefundsRecord = Schemas['OrderLineRefunds'];
export type BulkPreparingRecord = Schemas['BulkPreparing'];
export type AnalyticsReportRecord = Schemas['AnalyticsReport'];
export type FinancialReportRecord = Schemas['FinancialReport'];
export type DashboardReportRecord = Schemas['DashboardReport'];
export type FiscalReportRecord = Schemas['FiscalReport'];
export type AdminGroupRecord = Schemas['AdminGroup'];
export type AdminGroupDetailRecord = Schemas['AdminGroupDetail'];
export type AdminProductRecord = Schemas['AdminProduct'];
export type AdminProductCategoryRecord = Schemas['AdminProductCategory'];
export type AdminPlanCategoryRecord = Schemas['AdminPlanCategory'];
export type MarketplaceOverviewRecord = Schemas['MarketplaceOverview'];
