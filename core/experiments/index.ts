// Experiments: the theme A/B test theme_variant_r14 (SPEC.md §4, §9).
export * from './theme-variant';
