import type { PlansMessages } from './pt-BR';

const plans: PlansMessages = {
  plans: {
    title: 'Available plans',
    subtitle: 'A real group price: your entry counts towards the final amount.',
    loading: 'Loading plans...',
    empty: 'No plans available right now',
    emptyHint: 'Come back soon, or create your account to hear when new plans arrive.',
    error: 'We could not load the plans.',
    retry: 'Try again',
    kind: { service: 'Service', product: 'Product' },
    fullPrice: 'Full price',
    groupPrice: 'Group price',
    discount: '{{percent}}% off',
    entry: 'Entry of {{value}}',
    groupSize_one: 'Group of {{count}} person',
    groupSize_other: 'Group of {{count}} people',
    window_one: '{{count}} day to fill up',
    window_other: '{{count}} days to fill up',
    cta: 'I want this',
    ctaLabel: 'I want this: {{name}}',
  },
};

export default plans;
