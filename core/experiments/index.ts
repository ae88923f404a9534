// Experiments: the theme A/B test theme_variant_r14 (docs/product/spec.md §4, §9), its tracking and the back office's analytics.
export * from './theme-variant';
export * from './significance';
export * from './funnel';
export * from './schemas';
export * from './ports';
export * from './experiment.service';
