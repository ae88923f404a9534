// The public answers of the plan catalogue (what customers and the back office see of a plan), as zod schemas.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';

const kind = z.enum(['service', 'product']);

export const planCategorySchema = z
  .object({ id: z.string(), name: z.string(), slug: z.string(), kind, description: z.string().nullable() })
  .meta({ id: 'PlanCategory' });

export const planCategoryListSchema = z.object({ items: z.array(planCategorySchema), total: z.number().int() });

/** What every view of a plan carries; money in centavos, `entry_price` computed by core. */
const planFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  kind,
  price: z.number().int(),
  full_price: z.number().int(),
  entry_price: z.number().int(),
  group_size: z.number().int(),
  window_days: z.number().int(),
  image_url: z.string().nullable(),
};

/** A plan as the catalogue shows it. */
export const publicPlanSchema = z
  .object({ ...planFields, category: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable() })
  .meta({ id: 'Plan' });

export const planListSchema = z.object({ items: z.array(publicPlanSchema), total: z.number().int() }).meta({ id: 'PlanList' });

/** A plan in the back office: the stored fields plus the computed entry price. */
export const adminPlanSchema = z
  .object({ ...planFields, category_id: z.string().nullable(), active: z.boolean(), created_at: dateTimeAnswer })
  .meta({ id: 'AdminPlan' });
