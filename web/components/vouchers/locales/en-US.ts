import type { VoucherMessages } from './pt-BR';

const vouchers: VoucherMessages = {
  title: 'My vouchers',
  lead: 'Show the code or the QR code to the professional at your appointment.',
  loading: 'Loading your vouchers...',
  error: 'Could not load your vouchers.',
  retry: 'Try again',
  code: 'Code',
  qrAlt: 'QR code of voucher {{code}}',
  status: { awaiting_balance: 'Awaiting balance', redeemable: 'Ready to use', redeemed: 'Used' },
  awaiting: 'Pay the balance of {{value}} to unlock this voucher.',
  redeemable: 'Use it with any approved {{category}} professional.',
  redeemableAny: 'Use it with any approved professional of the plan\'s category.',
  findProfessionals: 'Find professionals who accept it',
  redeemedBy: 'Used on {{date}} at {{business}}.',
  redeemedOn: 'Used on {{date}}.',
  reviewed: 'You have reviewed this service. Thank you!',
  review: 'Review the professional',
  dialog: {
    title: 'Review {{business}}',
    description: 'How was your {{plan}} appointment? Your review helps others choose.',
    ratingLegend: 'Your rating',
    star_one: '{{count}} star',
    star_other: '{{count}} stars',
    comment: 'Comment',
    commentHint: 'Optional — up to 1000 characters.',
    needRating: 'Choose 1 to 5 stars.',
    cancel: 'Cancel',
    submit: 'Send review',
    sending: 'Sending...',
    success: 'Review sent!',
    successBody: 'Thank you for telling us how it went.',
    exists: 'You have already reviewed this service.',
    error: 'Could not send the review',
  },
};

export default vouchers;
