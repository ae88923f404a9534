// The server's codes an operator reads (payment statuses, methods and purposes, PIX key types, audit entities, job
// counts…) in pt-BR and en-US, typed against core's lists so a new value without a label fails typecheck.
import { useTranslate } from 'react-admin';
import type { LocalPaymentStatus, PaymentPurpose, PixKeyType } from '../../core/payments';
import type { PaymentMethod } from '../../core/ports/payments';

type Pair = readonly [pt: string, en: string];

const PAYMENT_STATUS: Record<LocalPaymentStatus, Pair> = {
  pending: ['Aguardando pagamento', 'Awaiting payment'],
  confirmed: ['Confirmado', 'Confirmed'],
  failed: ['Falhou', 'Failed'],
  cancelled: ['Cancelado', 'Cancelled'],
  refund_pending: ['Reembolso em andamento', 'Refund in progress'],
  refunded: ['Reembolsado', 'Refunded'],
  amount_mismatch: ['Valor divergente', 'Amount mismatch'],
};

const PAYMENT_METHOD: Record<PaymentMethod, Pair> = {
  PIX: ['PIX', 'PIX'],
  BOLETO: ['Boleto', 'Boleto'],
  CREDIT_CARD: ['Cartão de crédito', 'Credit card'],
};

const PAYMENT_PURPOSE: Record<PaymentPurpose, Pair> = {
  entry: ['Entrada da turma', 'Group entry'],
  balance: ['Saldo da turma', 'Group balance'],
  order: ['Pedido do marketplace', 'Marketplace order'],
};

const PIX_KEY_TYPE: Record<PixKeyType, Pair> = {
  CPF: ['CPF', 'CPF'],
  CNPJ: ['CNPJ', 'CNPJ'],
  EMAIL: ['E-mail', 'E-mail'],
  PHONE: ['Celular', 'Mobile phone'],
  EVP: ['Chave aleatória', 'Random key'],
};

/** What the audit log's entity_type names (every value core and the adapters write). */
const ENTITY: Record<string, Pair> = {
  user: ['Usuário', 'User'],
  professional: ['Profissional', 'Professional'],
  influencer: ['Influenciador', 'Influencer'],
  plan: ['Plano', 'Plan'],
  plan_category: ['Categoria de plano', 'Plan category'],
  product: ['Produto', 'Product'],
  product_category: ['Categoria de produto', 'Product category'],
  group: ['Turma', 'Group'],
  voucher: ['Voucher', 'Voucher'],
  payment: ['Pagamento', 'Payment'],
  order: ['Pedido', 'Order'],
  payout: ['Repasse', 'Payout'],
  commission: ['Comissão', 'Commission'],
  campaign: ['Campanha', 'Campaign'],
  review: ['Avaliação', 'Review'],
  job: ['Tarefa', 'Job'],
  fiscal_invoice: ['Nota fiscal', 'Invoice'],
  withdrawal: ['Desistência', 'Withdrawal'],
  wallet: ['Carteira', 'Wallet'],
};

/** The counts a job's run reports (adapters/jobs/definitions.ts and the use cases they call). */
const JOB_COUNT: Record<string, Pair> = {
  released: ['vagas liberadas', 'places released'],
  boletos_lapsed: ['boletos vencidos', 'boletos lapsed'],
  expired: ['expirados', 'expired'],
  units_returned: ['unidades devolvidas ao estoque', 'units back in stock'],
  refunds_marked: ['reembolsos marcados', 'refunds marked'],
  wallet_credits: ['créditos na carteira', 'wallet credits'],
  refunds_done: ['reembolsos feitos', 'refunds done'],
  refunds_failed: ['reembolsos com falha', 'refunds failed'],
  groups: ['turmas', 'groups'],
  notified: ['avisados', 'notified'],
  checked: ['conferidos', 'checked'],
  applied: ['aplicados', 'applied'],
  errors: ['erros', 'errors'],
  deleted: ['apagados', 'deleted'],
  kept: ['mantidos', 'kept'],
  refunded: ['reembolsados', 'refunded'],
  cancelled: ['cancelados', 'cancelled'],
  matured: ['recebíveis liberados', 'receivables matured'],
  commissions: ['comissões liberadas', 'commissions matured'],
  payouts: ['repasses', 'payouts'],
  // Shown after the amount in reais ("R$ 120,00 no total").
  amount: ['no total', 'in total'],
  sent: ['enviados', 'sent'],
  failed: ['com falha', 'failed'],
  skipped: ['dispensados', 'skipped'],
  fallback: ['trocados por e-mail', 'sent by e-mail instead'],
  gone: ['inscrições vencidas removidas', 'expired subscriptions removed'],
  whatsapp: ['para o WhatsApp', 'to WhatsApp'],
  push: ['para o push', 'to push'],
  pix: ['lembretes de PIX', 'PIX reminders'],
  boleto: ['lembretes de boleto', 'boleto reminders'],
  moved: ['atualizados', 'updated'],
  provider_errors: ['erros do provedor', 'provider errors'],
  given_up: ['abandonados', 'given up'],
  // A goods or service invoice's outcome, one per run.
  authorised: ['autorizadas', 'authorised'],
  rejected: ['rejeitadas', 'rejected'],
  processing: ['em processamento', 'processing'],
  already: ['já emitidas', 'already issued'],
  no_goods: ['sem mercadorias', 'no goods'],
  not_processing: ['fora de processamento', 'not processing'],
  nothing: ['sem nota', 'no invoice'],
  dropped: ['descartadas', 'dropped'],
  waiting: ['aguardando', 'waiting'],
  return_required: ['exigem nota de devolução', 'need a return invoice'],
  requested: ['pedidos de cancelamento', 'cancellations requested'],
  error: ['com erro', 'with an error'],
  disabled: ['emissão desligada', 'issuing off'],
};

const KINDS = {
  payment_status: PAYMENT_STATUS,
  payment_method: PAYMENT_METHOD,
  payment_purpose: PAYMENT_PURPOSE,
  pix_key_type: PIX_KEY_TYPE,
  entity: ENTITY,
  job_count: JOB_COUNT,
} as const;

export type LabelKind = keyof typeof KINDS;

/** The audit log's entity types, for its filter. */
export const ENTITY_TYPES = Object.keys(ENTITY);

/** `turma.labels` for one locale. */
export function labelMessages(locale: 'pt-BR' | 'en-US'): Record<string, Record<string, string>> {
  const i = locale === 'pt-BR' ? 0 : 1;
  return Object.fromEntries(
    Object.entries(KINDS).map(([kind, pairs]) => [kind, Object.fromEntries(Object.entries(pairs as Record<string, Pair>).map(([code, pair]) => [code, pair[i]]))]),
  );
}

/**
 * `label(kind, code)`: the code's name in the reader's language; '—' for none. An unknown code is shown as it is
 * (the back office's browser test fails on a raw code, so a new value gets its label).
 */
export function useLabel() {
  const translate = useTranslate();
  return (kind: LabelKind, code: string | null | undefined): string => (code ? translate(`turma.labels.${kind}.${code}`, { _: code }) : '—');
}
