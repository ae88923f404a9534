// The nearby search's radius ladder (docs/product/spec.md §9 starts at 50 km). Kept free of zod and I/O: the services page reads it
// too, so the steps it offers are the ones the server widens to.
export const NEARBY_RADIUS_STEPS_KM = [50, 100, 200, 500, 5000] as const;
/** The last step covers Brazil from anywhere in it (the country is about 4,400 km across at its widest). */
export const NEARBY_NATIONWIDE_KM = 5000;
/** The largest radius the route accepts: the whole country, no more. */
export const NEARBY_MAX_RADIUS_KM = NEARBY_NATIONWIDE_KM;

/** The ladder's steps beyond `radiusKm`, nearest first: where a search that found too few may widen to. */
export function widerRadii(radiusKm: number): number[] {
  return NEARBY_RADIUS_STEPS_KM.filter((step) => step > radiusKm);
}
