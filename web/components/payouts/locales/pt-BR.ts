// The PIX payouts table's strings (professionals and influencers), pt-BR.
export default {
  statuses: { pending: 'Em processamento', done: 'Pago', failed: 'Falhou' },
  col: { date: 'Solicitado em', amount: 'Valor', status: 'Situação', paid: 'Pago em', receipt: 'Comprovante' },
  receipt: 'Ver comprovante',
  noReceipt: '—',
  failed: 'Falhou: {{reason}}. Confira sua chave PIX.',
};
