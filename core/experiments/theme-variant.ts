// The theme A/B experiment: which variant a visitor sees, assigned once and then kept (docs/product/spec.md §4, §9).
export const THEME_EXPERIMENT_NAME = 'theme_variant_r14';
export const THEME_VARIANT_STORAGE_KEY = 'theme_experiment_variant';
export const THEME_VARIANTS = ['golden', 'friendship'] as const;
export type ThemeVariant = (typeof THEME_VARIANTS)[number];

/** Primary hue (HSL degrees) each variant applies over the orange accent. */
export const THEME_VARIANT_HUES: Readonly<Record<ThemeVariant, number>> = { golden: 45, friendship: 25 };

/** Share of new visitors assigned to 'golden' (50/50 split). */
export const THEME_GOLDEN_SHARE = 0.5;

export const isThemeVariant = (value: unknown): value is ThemeVariant =>
  typeof value === 'string' && (THEME_VARIANTS as readonly string[]).includes(value);

/**
 * Keeps a valid stored variant so a visitor never flips themes (which would spoil the experiment);
 * anything else stored (a retired variant, tampering) is replaced and reported as new.
 */
export function assignThemeVariant(
  existing: string | null | undefined,
  random: () => number,
): { variant: ThemeVariant; isNew: boolean } {
  if (isThemeVariant(existing)) return { variant: existing, isNew: false };
  return { variant: random() < THEME_GOLDEN_SHARE ? 'golden' : 'friendship', isNew: true };
}
