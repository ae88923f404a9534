// Classifies a landing visit by its query string, for attribution and the analytics funnel (docs/product/spec.md §4).
import { z } from 'zod';
import { VISITOR_TYPES, type VisitorType } from './visitor-types';

export { VISITOR_TYPES, type VisitorType } from './visitor-types';
export const visitorTypeSchema = z.enum(VISITOR_TYPES, { error: 'Tipo de visitante inválido' });
export const isVisitorType = (value: unknown): value is VisitorType => visitorTypeSchema.safeParse(value).success;

type Params = URLSearchParams | Record<string, string | null | undefined>;

/**
 * A blank value (`?inf=` or `?inf=%20`) counts as absent: it carries no code to attribute to, and
 * the original client tested the value's truthiness, so a bare flag never made a visitor an influencer's.
 */
function present(params: Params, key: string): boolean {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return typeof value === 'string' && value.trim() !== '';
}

export function visitorTypeFromParams(params: Params): VisitorType {
  // inf wins over ref: an influencer link may carry a user's ref along and the influencer is owed the commission.
  if (present(params, 'inf')) return 'influencer';
  if (present(params, 'ref')) return 'referral';
  return 'direct';
}

/**
 * The type a session keeps after landing on `params`: the first landing decides, except that a stronger link seen
 * later in the same session (an influencer's after a referral, either after direct) takes over, by the same order.
 */
export function sessionVisitorType(stored: VisitorType | null, params: Params): VisitorType {
  const landed = visitorTypeFromParams(params);
  if (stored === null) return landed;
  return VISITOR_TYPES.indexOf(landed) < VISITOR_TYPES.indexOf(stored) ? landed : stored;
}
