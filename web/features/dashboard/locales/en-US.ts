import type { DashboardMessages } from './pt-BR';

const dashboard: DashboardMessages = {
  greeting: 'Hi, {{name}}!',
  lead: 'Your groups, payments and vouchers in one place.',
  loading: 'Loading your dashboard...',
  error: 'Could not load your dashboard',
  retry: 'Try again',
  shortcuts: 'Dashboard shortcuts',
  links: { groups: 'My groups', payments: 'Payments', notifications: 'Notifications' },
  gate: {
    lead: 'You are almost in your first group.',
    title: 'Pay an entry to unlock your dashboard',
    body: 'Your full dashboard — groups, invites, vouchers and balances — opens as soon as your first entry is confirmed.',
    step1: 'Pick a plan below and tap "I want this".',
    step2: 'Join an open group or start your own.',
    step3: 'Pay only the 10% entry by PIX, boleto or card.',
    cta: 'Pick a plan',
  },
  held: { title: 'Held places awaiting payment' },
  due: {
    title: 'Payments due',
    entry: 'Entry: {{plan}}',
    holdLeft: 'place held for another',
    payEntry: 'Pay entry',
    balance: 'Balance: {{plan}}',
    balanceBody: 'The group completed! {{value}} left to pay to unlock your voucher.',
    payBalance: 'Pay balance',
  },
  groups: {
    title: 'My groups',
    all: 'See all',
    none: 'No group in progress right now.',
    start: 'Start another group',
  },
  vouchers: {
    title: 'Vouchers',
    due: 'Balance of {{value}} to pay (group price {{price}}).',
    redeemable: 'Ready to use with an approved professional.',
    redeemed: 'Already used.',
    see: 'See group',
  },
  notifications: {
    title: 'Recent notifications',
    all: 'See all',
    loading: 'Loading...',
    error: 'Could not load.',
    empty: 'Nothing new for now.',
    unread: 'Unread:',
  },
  wallet: {
    title: 'Wallet',
    balance: 'Balance:',
    loading: 'Loading...',
    error: 'Could not load the wallet.',
    empty: "No credit yet. If a group doesn't complete, you can choose to keep your entry here.",
    kinds: { entry_credit: "Entry from a group that didn't complete", referral_bonus: 'Referral bonus', spend: 'Credit used', spend_return: 'Credit returned', adjustment: 'Adjustment' },
  },
  more: {
    title: 'One more group?',
    body: 'Each plan has its own group price. Invite different friends to each one.',
    cta: 'See plans',
  },
};

export default dashboard;
