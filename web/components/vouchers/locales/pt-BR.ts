// Texts of the member's vouchers (dashboard and /my-groups) and of the review dialog.
const vouchers = {
  ticketLabel: 'Voucher de {{plan}}',
  title: 'Meus vouchers',
  lead: 'Mostre o código ou o QR Code ao profissional na hora do atendimento.',
  loading: 'Carregando seus vouchers...',
  error: 'Não foi possível carregar seus vouchers.',
  retry: 'Tentar novamente',
  code: 'Código',
  qrAlt: 'QR Code do voucher {{code}}',
  status: { awaiting_balance: 'Aguardando saldo', redeemable: 'Pronto para usar', redeemed: 'Utilizado', cancelled: 'Cancelado' },
  awaiting: 'Pague o saldo de {{value}} para liberar este voucher.',
  redeemable: 'Use com qualquer profissional aprovado de {{category}}.',
  redeemableAny: 'Use com qualquer profissional aprovado da categoria do plano.',
  findProfessionals: 'Encontrar profissionais que aceitam',
  deliveryAwaiting: 'Saldo pago! Confirme o endereço de entrega para enviarmos seu produto.',
  deliveryConfirm: 'Confirmar endereço de entrega',
  deliveryOrder: 'Acompanhar o pedido',
  redeemedBy: 'Utilizado em {{date}} com {{business}}.',
  redeemedOn: 'Utilizado em {{date}}.',
  reviewed: 'Você já avaliou este atendimento. Obrigado!',
  review: 'Avaliar profissional',
  dialog: {
    title: 'Avaliar {{business}}',
    description: 'Como foi o atendimento de {{plan}}? Sua avaliação ajuda outras pessoas a escolher.',
    ratingLegend: 'Sua nota',
    star_one: '{{count}} estrela',
    star_other: '{{count}} estrelas',
    comment: 'Comentário',
    commentHint: 'Opcional — até 1000 caracteres.',
    needRating: 'Escolha de 1 a 5 estrelas.',
    cancel: 'Cancelar',
    submit: 'Enviar avaliação',
    sending: 'Enviando...',
    success: 'Avaliação enviada!',
    successBody: 'Obrigado por contar como foi.',
    exists: 'Você já avaliou este atendimento.',
    error: 'Não foi possível enviar a avaliação',
  },
};

export default vouchers;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type VoucherMessages = Widen<typeof vouchers>;
