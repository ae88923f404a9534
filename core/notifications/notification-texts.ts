// The texts of every in-app notification in both of the site's locales. A notification is stored with its pt-BR text
// (what docs/product/spec.md's users read, and what e-mails and tests quote) and with the facts it speaks of (`data.params`), so
// a reader in en-US gets the same notification rendered in English when it is listed.
import { formatCents } from '../shared/money';

export type NotificationLocale = 'pt-BR' | 'en-US';
export const NOTIFICATION_LOCALES: readonly NotificationLocale[] = ['pt-BR', 'en-US'];

/** The facts each kind of notification speaks of (plain JSON: amounts in centavos, dates as ISO strings). */
export interface NotificationParams {
  place_held: { plan: string; entry: number; hold_minutes: number };
  entry_confirmed: { plan: string; paid: number; size: number };
  member_joined: { first_name: string; paid: number; size: number };
  group_complete: { plan: string; balance: number };
  balance_confirmed: { plan: string; code: string };
  /** A product plan's balance is paid: the member confirms the delivery address and the order is made. */
  plan_delivery_address: { plan: string; code: string };
  group_reminder: { plan: string; paid: number; size: number; deadline: string };
  group_expired: { plan: string; amount: number; to_wallet: boolean };
  /** `via`: a card refund shows on the statement within 10 business days; a boleto's goes by PIX or to the wallet. */
  refund_issued: { amount: number; via?: 'card' | 'pix' | 'wallet' };
  /** A boleto cannot be refunded by the provider: the member chooses a PIX key or wallet credit. */
  refund_choice_needed: { amount: number };
  /** An unpaid boleto's due date passed: the place it held is released. `due_date` is YYYY-MM-DD. */
  boleto_hold_lapsed: { plan: string; due_date: string };
  order_paid: { order: string; total: number };
  order_cancelled: { order: string };
  order_shipped: { order: string; tracking_code: string };
  order_delivered: { order: string };
  order_refunded: { order: string; total: number };
  order_return_requested: { order: string };
  order_return_accepted: { order: string; total: number };
  order_return_rejected: { order: string; reason: string };
  /** Some units of one line of an order refunded by the back office. */
  order_line_refunded: { order: string; product: string; quantity: number; total: number; reason: string };
  professional_status: { status: 'approved' | 'rejected' | 'suspended'; reason: string | null };
  voucher_redeemed: { plan: string; business_name: string };
  payout_done: { amount: number };
  payout_failed: { amount: number; reason: string };
  /** Another member's entry was refunded or charged back while the group was open: a place opened. */
  place_opened: { plan: string; paid: number; size: number };
  /** The member's own payment came back after confirmation: the place released, or the purchase cancelled. */
  purchase_reversed: { plan: string; chargeback: boolean; outcome: 'place_released' | 'purchase_cancelled'; other_part_refunded: boolean };
  /** The member withdrew (CDC art. 49): the place freed or the whole purchase cancelled, the amount going back. */
  purchase_withdrawn: { plan: string; scope: 'entry' | 'purchase'; amount: number; to_wallet: boolean };
  /** A member's entry left the group one paid member short of complete. `deadline` is ISO. */
  group_one_short: { plan: string; deadline: string };
  /** An unpaid place is about to lapse: a PIX hold within minutes, a boleto due tomorrow. `expires_at` is ISO. */
  hold_lapsing: { plan: string; amount: number; method: 'PIX' | 'BOLETO'; expires_at: string; pix_code?: string | null };
}
export type NotificationKind = keyof NotificationParams;

export interface NotificationText {
  title: string;
  body: string;
}

type Texts = { [K in NotificationKind]: Record<NotificationLocale, (p: NotificationParams[K]) => NotificationText> };

const money = (cents: number, locale: NotificationLocale) => formatCents(cents, locale);
const day = (iso: string, locale: NotificationLocale) => new Date(iso).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' });

const time = (iso: string, locale: NotificationLocale) => new Date(iso).toLocaleTimeString(locale, { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });

const TEXTS: Texts = {
  group_one_short: {
    'pt-BR': (p) => ({ title: 'Falta só 1 pessoa!', body: `A turma de ${p.plan} está a uma pessoa de completar até ${day(p.deadline, 'pt-BR')}. Convide alguém agora.` }),
    'en-US': (p) => ({ title: 'Just 1 more person!', body: `The ${p.plan} group is one person away from completing by ${day(p.deadline, 'en-US')}. Invite someone now.` }),
  },
  hold_lapsing: {
    'pt-BR': (p) =>
      p.method === 'PIX'
        ? { title: 'Sua reserva está acabando', body: `Sua vaga na turma de ${p.plan} fica reservada só até ${time(p.expires_at, 'pt-BR')}. Pague ${money(p.amount, 'pt-BR')} por PIX para não perdê-la.` }
        : { title: 'Seu boleto vence amanhã', body: `O boleto de ${money(p.amount, 'pt-BR')} da turma de ${p.plan} vence amanhã. Pague até o vencimento para não perder a vaga.` },
    'en-US': (p) =>
      p.method === 'PIX'
        ? { title: 'Your reservation is ending', body: `Your spot in the ${p.plan} group is held only until ${time(p.expires_at, 'en-US')}. Pay ${money(p.amount, 'en-US')} by PIX to keep it.` }
        : { title: 'Your boleto is due tomorrow', body: `The ${money(p.amount, 'en-US')} boleto for the ${p.plan} group is due tomorrow. Pay it by the due date to keep your spot.` },
  },
  place_opened: {
    'pt-BR': (p) => ({ title: 'Uma vaga abriu na sua turma', body: `Um participante saiu da turma de ${p.plan}. Agora são ${p.paid} de ${p.size}: convide amigos para completar.` }),
    'en-US': (p) => ({ title: 'A spot opened in your group', body: `A member left the ${p.plan} group. It's now ${p.paid} of ${p.size}: invite friends to complete it.` }),
  },
  purchase_reversed: {
    'pt-BR': (p) => {
      const how = p.chargeback ? 'foi contestado junto ao emissor do cartão' : 'foi estornado';
      return p.outcome === 'place_released'
        ? { title: 'Sua vaga foi liberada', body: `O pagamento da sua entrada na turma de ${p.plan} ${how}, e sua vaga foi liberada.` }
        : {
            title: 'Sua compra foi cancelada',
            body: `Um pagamento da sua compra na turma de ${p.plan} ${how}, e a compra foi cancelada: o voucher não vale mais.${p.other_part_refunded ? ' O restante que você pagou será devolvido.' : ''}`,
          };
    },
    'en-US': (p) => {
      const how = p.chargeback ? 'was disputed with your card issuer' : 'was refunded';
      return p.outcome === 'place_released'
        ? { title: 'Your spot was released', body: `The payment for your ${p.plan} group entry ${how}, so your spot was released.` }
        : {
            title: 'Your purchase was cancelled',
            body: `A payment for your ${p.plan} group purchase ${how}, so the purchase was cancelled: the voucher is no longer valid.${p.other_part_refunded ? ' The rest you paid will be refunded.' : ''}`,
          };
    },
  },
  purchase_withdrawn: {
    'pt-BR': (p) => {
      const back = p.to_wallet ? `${money(p.amount, 'pt-BR')} foram creditados na sua carteira Turma` : `O reembolso de ${money(p.amount, 'pt-BR')} foi solicitado ao meio de pagamento`;
      return p.scope === 'entry'
        ? { title: 'Desistência confirmada', body: `Você desistiu da turma de ${p.plan} e sua vaga foi liberada. ${back}.` }
        : { title: 'Desistência confirmada', body: `Você desistiu da compra na turma de ${p.plan}: o voucher foi cancelado. ${back}.` };
    },
    'en-US': (p) => {
      const back = p.to_wallet ? `${money(p.amount, 'en-US')} was credited to your Turma wallet` : `A refund of ${money(p.amount, 'en-US')} was requested from your payment method`;
      return p.scope === 'entry'
        ? { title: 'Withdrawal confirmed', body: `You left the ${p.plan} group and your spot was released. ${back}.` }
        : { title: 'Withdrawal confirmed', body: `You withdrew from your ${p.plan} group purchase: the voucher was cancelled. ${back}.` };
    },
  },
  place_held: {
    'pt-BR': (p) => ({
      title: 'Sua vaga está reservada',
      body: `Reservamos sua vaga na turma de ${p.plan} por ${p.hold_minutes} minutos. Pague a entrada de ${money(p.entry, 'pt-BR')} para garanti-la.`,
    }),
    'en-US': (p) => ({
      title: 'Your spot is reserved',
      body: `We've reserved your spot in the ${p.plan} group for ${p.hold_minutes} minutes. Pay the ${money(p.entry, 'en-US')} entry fee to secure it.`,
    }),
  },
  entry_confirmed: {
    'pt-BR': (p) => ({
      title: 'Entrada confirmada!',
      body: `Sua entrada na turma de ${p.plan} foi confirmada. ${p.paid} de ${p.size} participantes já pagaram: convide amigos para completar.`,
    }),
    'en-US': (p) => ({
      title: 'Entry confirmed!',
      body: `Your entry to the ${p.plan} group is confirmed. ${p.paid} of ${p.size} members have paid: invite friends to complete it.`,
    }),
  },
  member_joined: {
    'pt-BR': (p) => ({ title: 'Mais alguém entrou na sua turma', body: `${p.first_name} entrou na turma. Agora são ${p.paid} de ${p.size}.` }),
    'en-US': (p) => ({ title: 'Someone else joined your group', body: `${p.first_name} joined the group. It's now ${p.paid} of ${p.size}.` }),
  },
  group_complete: {
    'pt-BR': (p) => ({
      title: 'Turma completa! 🎉',
      body: `A turma de ${p.plan} completou e o preço de turma foi liberado. Falta pagar ${money(p.balance, 'pt-BR')} para usar seu voucher.`,
    }),
    'en-US': (p) => ({
      title: 'Group complete! 🎉',
      body: `The ${p.plan} group is complete and the group price is unlocked. ${money(p.balance, 'en-US')} left to pay to use your voucher.`,
    }),
  },
  balance_confirmed: {
    'pt-BR': (p) => ({ title: 'Pagamento concluído', body: `O saldo de ${p.plan} foi pago. Seu voucher ${p.code} já pode ser usado.` }),
    'en-US': (p) => ({ title: 'Payment complete', body: `The balance for ${p.plan} is paid. Your voucher ${p.code} is ready to use.` }),
  },
  plan_delivery_address: {
    'pt-BR': (p) => ({ title: 'Confirme o endereço de entrega', body: `O saldo de ${p.plan} foi pago. Confirme ou altere o endereço de entrega para enviarmos seu produto (voucher ${p.code}).` }),
    'en-US': (p) => ({ title: 'Confirm your delivery address', body: `The balance for ${p.plan} is paid. Confirm or change the delivery address so we can ship your product (voucher ${p.code}).` }),
  },
  group_reminder: {
    'pt-BR': (p) => ({
      title: 'Sua turma está quase no prazo',
      body: `Faltam ${p.size - p.paid} participante(s) para a turma de ${p.plan} completar até ${day(p.deadline, 'pt-BR')}. Convide amigos!`,
    }),
    'en-US': (p) => ({
      title: 'Your group is close to its deadline',
      body: `${p.size - p.paid} more member(s) needed for the ${p.plan} group to complete by ${day(p.deadline, 'en-US')}. Invite friends!`,
    }),
  },
  group_expired: {
    'pt-BR': (p) => ({
      title: 'A turma não completou no prazo',
      body: p.to_wallet
        ? `A turma de ${p.plan} não completou. Sua entrada de ${money(p.amount, 'pt-BR')} virou crédito na sua carteira.`
        : `A turma de ${p.plan} não completou. Sua entrada de ${money(p.amount, 'pt-BR')} será devolvida automaticamente.`,
    }),
    'en-US': (p) => ({
      title: "The group didn't complete in time",
      body: p.to_wallet
        ? `The ${p.plan} group didn't complete. Your ${money(p.amount, 'en-US')} entry is now credit in your wallet.`
        : `The ${p.plan} group didn't complete. Your ${money(p.amount, 'en-US')} entry will be refunded automatically.`,
    }),
  },
  boleto_hold_lapsed: {
    'pt-BR': (p) => ({
      title: 'Sua vaga foi liberada',
      body: `O boleto da entrada na turma de ${p.plan} venceu em ${p.due_date.split('-').reverse().join('/')} sem pagamento, e sua vaga foi liberada. Se ainda houver vaga, entre na turma de novo e pague por PIX.`,
    }),
    'en-US': (p) => ({
      title: 'Your spot was released',
      body: `The boleto for your ${p.plan} group entry was due on ${p.due_date.slice(5, 7)}/${p.due_date.slice(8, 10)}/${p.due_date.slice(0, 4)} and was not paid, so your spot was released. If there is still room, join the group again and pay by PIX.`,
    }),
  },
  refund_issued: {
    'pt-BR': (p) => ({
      title: 'Reembolso enviado',
      body:
        p.via === 'card'
          ? `Devolvemos ${money(p.amount, 'pt-BR')} no cartão usado no pagamento. O estorno aparece na fatura do cartão em até 10 dias úteis.`
          : p.via === 'pix'
            ? `Devolvemos ${money(p.amount, 'pt-BR')} por PIX para a chave que você escolheu.`
            : p.via === 'wallet'
              ? `Devolvemos ${money(p.amount, 'pt-BR')} como crédito na sua carteira da Turma.`
              : `Devolvemos ${money(p.amount, 'pt-BR')} pelo mesmo meio de pagamento. O prazo depende do seu banco.`,
    }),
    'en-US': (p) => ({
      title: 'Refund sent',
      body:
        p.via === 'card'
          ? `We've refunded ${money(p.amount, 'en-US')} to the card you paid with. It shows on the card statement within 10 business days.`
          : p.via === 'pix'
            ? `We've sent ${money(p.amount, 'en-US')} by PIX to the key you chose.`
            : p.via === 'wallet'
              ? `We've added ${money(p.amount, 'en-US')} to your Turma wallet as credit.`
              : `We've refunded ${money(p.amount, 'en-US')} to the same payment method. Timing depends on your bank.`,
    }),
  },
  refund_choice_needed: {
    'pt-BR': (p) => ({
      title: 'Escolha como receber o reembolso',
      body: `Vamos devolver ${money(p.amount, 'pt-BR')} pagos por boleto. Boletos não podem ser estornados: escolha receber por PIX ou como crédito na carteira, no seu histórico de pagamentos.`,
    }),
    'en-US': (p) => ({
      title: 'Choose how to get your refund',
      body: `We'll return ${money(p.amount, 'en-US')} paid by boleto. Boletos can't be reversed: choose PIX or wallet credit in your payment history.`,
    }),
  },
  order_paid: {
    'pt-BR': (p) => ({
      title: 'Pedido confirmado',
      body: `Recebemos o pagamento de ${money(p.total, 'pt-BR')} do pedido ${p.order}. Agora é com a gente: avisamos quando ele for enviado.`,
    }),
    'en-US': (p) => ({
      title: 'Order confirmed',
      body: `We received the ${money(p.total, 'en-US')} payment for order ${p.order}. We'll take it from here and let you know when it ships.`,
    }),
  },
  order_cancelled: {
    'pt-BR': (p) => ({
      title: 'Pedido cancelado',
      body: `O pagamento do pedido ${p.order} não foi confirmado a tempo e ele foi cancelado. Os produtos voltaram para o estoque.`,
    }),
    'en-US': (p) => ({
      title: 'Order cancelled',
      body: `The payment for order ${p.order} wasn't confirmed in time, so the order was cancelled. The products are back in stock.`,
    }),
  },
  order_shipped: {
    'pt-BR': (p) => ({ title: 'Pedido enviado', body: `O pedido ${p.order} saiu para entrega. Código de rastreio: ${p.tracking_code}.` }),
    'en-US': (p) => ({ title: 'Order shipped', body: `Order ${p.order} is on its way. Tracking code: ${p.tracking_code}.` }),
  },
  order_delivered: {
    'pt-BR': (p) => ({ title: 'Pedido entregue', body: `O pedido ${p.order} foi entregue. Aproveite!` }),
    'en-US': (p) => ({ title: 'Order delivered', body: `Order ${p.order} was delivered. Enjoy!` }),
  },
  order_return_requested: {
    'pt-BR': (p) => ({ title: 'Devolução solicitada', body: `Recebemos seu pedido de devolução do pedido ${p.order}. Quando o produto chegar até nós, devolvemos o valor com o frete.` }),
    'en-US': (p) => ({ title: 'Return requested', body: `We received your return request for order ${p.order}. Once the item reaches us, we'll refund it, shipping included.` }),
  },
  order_return_accepted: {
    'pt-BR': (p) => ({ title: 'Devolução recebida', body: `Recebemos o produto do pedido ${p.order}. Os ${money(p.total, 'pt-BR')}, com o frete, serão devolvidos pelo mesmo meio de pagamento.` }),
    'en-US': (p) => ({ title: 'Return received', body: `We received the item from order ${p.order}. ${money(p.total, 'en-US')}, shipping included, will be refunded to the same payment method.` }),
  },
  order_return_rejected: {
    'pt-BR': (p) => ({ title: 'Devolução recusada', body: `A devolução do pedido ${p.order} foi recusada. Motivo: ${p.reason}` }),
    'en-US': (p) => ({ title: 'Return declined', body: `The return of order ${p.order} was declined. Reason: ${p.reason}` }),
  },
  order_line_refunded: {
    'pt-BR': (p) => ({
      title: 'Reembolso de item',
      body: `Reembolsamos ${p.quantity} × ${p.product} do pedido ${p.order}: ${money(p.total, 'pt-BR')} voltam pelo mesmo meio de pagamento. Motivo: ${p.reason}`,
    }),
    'en-US': (p) => ({
      title: 'Item refunded',
      body: `We refunded ${p.quantity} × ${p.product} from order ${p.order}: ${money(p.total, 'en-US')} go back to the same payment method. Reason: ${p.reason}`,
    }),
  },
  order_refunded: {
    'pt-BR': (p) => ({
      title: 'Pedido reembolsado',
      body: `O pedido ${p.order} foi cancelado e os ${money(p.total, 'pt-BR')} serão devolvidos pelo mesmo meio de pagamento.`,
    }),
    'en-US': (p) => ({
      title: 'Order refunded',
      body: `Order ${p.order} was cancelled and ${money(p.total, 'en-US')} will be refunded to the same payment method.`,
    }),
  },
  professional_status: {
    'pt-BR': (p) =>
      p.status === 'approved'
        ? { title: 'Cadastro aprovado!', body: 'Seu cadastro de profissional foi aprovado. Você já aparece na busca e pode receber vouchers.' }
        : p.status === 'rejected'
          ? { title: 'Cadastro não aprovado', body: `Seu cadastro de profissional não foi aprovado. Motivo: ${p.reason ?? '—'}` }
          : { title: 'Cadastro suspenso', body: `Seu cadastro de profissional foi suspenso. Motivo: ${p.reason ?? '—'}` },
    'en-US': (p) =>
      p.status === 'approved'
        ? { title: 'Application approved!', body: 'Your professional application was approved. You now show up in search and can redeem vouchers.' }
        : p.status === 'rejected'
          ? { title: 'Application not approved', body: `Your professional application was not approved. Reason: ${p.reason ?? '—'}` }
          : { title: 'Account suspended', body: `Your professional account was suspended. Reason: ${p.reason ?? '—'}` },
  },
  voucher_redeemed: {
    'pt-BR': (p) => ({ title: 'Voucher utilizado', body: `Seu voucher de ${p.plan} foi usado em ${p.business_name}. Conte como foi: avalie o atendimento.` }),
    'en-US': (p) => ({ title: 'Voucher used', body: `Your ${p.plan} voucher was used at ${p.business_name}. Tell us how it went: rate the service.` }),
  },
  payout_done: {
    'pt-BR': (p) => ({ title: 'Repasse enviado', body: `Enviamos ${money(p.amount, 'pt-BR')} por PIX para a sua chave. O comprovante está em Recebíveis.` }),
    'en-US': (p) => ({ title: 'Payout sent', body: `We sent ${money(p.amount, 'en-US')} by PIX to your key. The receipt is under Receivables.` }),
  },
  payout_failed: {
    'pt-BR': (p) => ({
      title: 'Repasse não concluído',
      body: `Não conseguimos enviar seu repasse de ${money(p.amount, 'pt-BR')}: ${p.reason} Confira sua chave PIX no seu perfil; tentaremos de novo no próximo repasse.`,
    }),
    'en-US': (p) => ({
      title: 'Payout not completed',
      body: `We couldn't send your ${money(p.amount, 'en-US')} payout: ${p.reason} Please check your PIX key in your profile; we'll try again at the next payout.`,
    }),
  },
};

/** The text of a notification in one locale. */
export function notificationText<K extends NotificationKind>(kind: K, params: NotificationParams[K], locale: NotificationLocale = 'pt-BR'): NotificationText {
  return TEXTS[kind][locale](params);
}

/** What a stored notification needs: its pt-BR text, the facts behind it and the `data.params` that carry them. */
export function notificationContent<K extends NotificationKind>(kind: K, params: NotificationParams[K]): { type: K; title: string; body: string; params: NotificationParams[K] } {
  return { type: kind, ...notificationText(kind, params, 'pt-BR'), params };
}

const isKind = (type: string): type is NotificationKind => Object.hasOwn(TEXTS, type);

/**
 * A stored notification as a reader in `locale` sees it. pt-BR is the stored text itself; another locale renders
 * the same facts, and keeps the stored text when the notification has none (older rows) or they don't fit.
 */
export function localizeNotification<N extends { type: string; title: string; body: string; data: Record<string, unknown> }>(notification: N, locale: NotificationLocale): N {
  if (locale === 'pt-BR' || !isKind(notification.type)) return notification;
  const params = notification.data?.params;
  if (!params || typeof params !== 'object') return notification;
  try {
    const text = (TEXTS[notification.type][locale] as (p: unknown) => NotificationText)(params);
    if (/undefined|NaN|Invalid Date/.test(text.title + text.body)) return notification;
    return { ...notification, ...text };
  } catch {
    return notification;
  }
}
