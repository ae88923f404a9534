// The PIX payouts table's strings (professionals and influencers), en-US.
export default {
  statuses: { pending: 'Processing', done: 'Paid', failed: 'Failed' },
  col: { date: 'Requested on', amount: 'Amount', status: 'Status', paid: 'Paid on', receipt: 'Receipt' },
  receipt: 'See receipt',
  noReceipt: '—',
  failed: 'Failed: {{reason}}. Check your PIX key.',
};
