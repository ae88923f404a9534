// What the reviews screens share (fields, chips, actions and calls).
import type { AdminReviewRecord } from '../../lib/api-types';

/** One row of GET /api/admin/reviews (generated from the API description). */
export type Review = AdminReviewRecord;
