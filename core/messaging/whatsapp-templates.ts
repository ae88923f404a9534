// The approved WhatsApp templates (pt-BR) and which notification sends which, with its parameters in order.
import { formatCents } from '../shared/money';
import type { NotificationKind, NotificationParams } from '../notifications';
import type { TemplateLanguage } from './messenger';

export interface WhatsappTemplate {
  /** The body as registered with Meta (docs/integrations.md lists them to submit). */
  body: string;
  /** How many {{n}} the body has: a message with another count is refused by the provider (132000). */
  parameters: number;
}

/** Every template Turma sends; the names are the ones to register in the WhatsApp Business account (category utility). */
export const WHATSAPP_TEMPLATES = {
  vaga_reservada: { body: 'Sua vaga na turma de {{1}} está reservada até {{2}}. Pague a entrada de {{3}} por PIX: {{4}}', parameters: 4 },
  vaga_reservada_boleto: { body: 'Sua vaga na turma de {{1}} está reservada até o vencimento do boleto, {{2}}. Pague a entrada de {{3}}: {{4}}', parameters: 4 },
  pagamento_confirmado: { body: 'Pagamento confirmado: {{1}}. {{2}}.', parameters: 2 },
  turma_falta_um: { body: 'Falta só 1 pessoa para a turma de {{1}} completar até {{2}}. Convide alguém: {{3}}', parameters: 3 },
  turma_completa: { body: 'A turma de {{1}} completou! Falta pagar {{2}} para liberar seu voucher: {{3}}', parameters: 3 },
  prazo_acabando: { body: 'Sua reserva na turma de {{1}} vence {{2}}. Pague {{3}} para não perder a vaga: {{4}}', parameters: 4 },
  voucher_pronto: { body: 'Seu voucher de {{1}} está pronto! Código: {{2}}. Veja em {{3}}', parameters: 3 },
  reembolso_enviado: { body: 'Enviamos seu reembolso de {{1}}: {{2}}.', parameters: 2 },
  pedido_enviado: { body: 'Seu pedido {{1}} foi enviado. Código de rastreio: {{2}}.', parameters: 2 },
  codigo_confirmacao: { body: 'Seu código de confirmação da Turma é {{1}}. Responda PARAR para não receber mais mensagens.', parameters: 1 },
} as const satisfies Record<string, WhatsappTemplate>;

export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

export interface WhatsappMessage {
  template: WhatsappTemplateName;
  language: TemplateLanguage;
  parameters: string[];
}

/** What a notification alone does not hold, read when the message is sent. */
export interface WhatsappContext {
  /** The notification's link, absolute (https://turma.com.br/payment). */
  link: string;
  /** When the notification was created (a hold's end is counted from it). */
  created_at: Date;
  /** The pending PIX charge of the place, when one exists: its copy-paste code and its end. */
  pix?: { code: string; expires_at: Date } | null;
  /** The pending boleto of the place, when one exists: its address and due date (YYYY-MM-DD, Brasília). */
  boleto?: { url: string; due_date: string } | null;
}

const TZ = 'America/Sao_Paulo';
const money = (cents: number) => formatCents(cents, 'pt-BR');
const time = (d: Date) => d.toLocaleTimeString('pt-BR', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const date = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: TZ });
/** A template parameter may not hold line breaks, tabs or more than four spaces in a row (the provider refuses it). */
const clean = (s: string) => s.replace(/[\r\n\t\u00a0\u202f]+/g, ' ').replace(/ {4,}/g, '   ').trim() || '—';

const REFUND_HOW: Record<'card' | 'pix' | 'wallet' | 'same', string> = {
  card: 'no cartão usado no pagamento; o estorno aparece na fatura em até 10 dias úteis',
  pix: 'por PIX, para a chave que você escolheu',
  wallet: 'como crédito na sua carteira da Turma',
  same: 'pelo mesmo meio de pagamento; o prazo depende do seu banco',
};

type Builders = { [K in NotificationKind]?: (p: NotificationParams[K], ctx: WhatsappContext) => Omit<WhatsappMessage, 'language'> };

const BUILDERS: Builders = {
  place_held: (p, ctx) => {
    // A boleto holds the place until it is due: "hoje às HH:MM" and "por PIX" would send the person the wrong way.
    if (ctx.boleto) return { template: 'vaga_reservada_boleto', parameters: [p.plan, date(new Date(`${ctx.boleto.due_date}T12:00:00-03:00`)), money(p.entry), ctx.boleto.url] };
    const end = ctx.pix?.expires_at ?? new Date(ctx.created_at.getTime() + p.hold_minutes * 60_000);
    return { template: 'vaga_reservada', parameters: [p.plan, `hoje às ${time(end)}`, money(p.entry), ctx.pix?.code ?? `gere o código em ${ctx.link}`] };
  },
  entry_confirmed: (p) => ({ template: 'pagamento_confirmado', parameters: [`entrada na turma de ${p.plan}`, `${p.paid} de ${p.size} participantes já pagaram`] }),
  order_paid: (p) => ({ template: 'pagamento_confirmado', parameters: [`pedido ${p.order} (${money(p.total)})`, 'Avisamos quando ele for enviado'] }),
  group_one_short: (p, ctx) => ({ template: 'turma_falta_um', parameters: [p.plan, date(new Date(p.deadline)), ctx.link] }),
  group_complete: (p, ctx) => ({ template: 'turma_completa', parameters: [p.plan, money(p.balance), ctx.link] }),
  hold_lapsing: (p, ctx) => {
    const end = new Date(p.expires_at);
    const when = p.method === 'PIX' ? `hoje às ${time(end)}` : `amanhã (${date(end)})`;
    const how = p.method === 'PIX' && p.pix_code ? p.pix_code : p.method === 'PIX' ? `gere o código em ${ctx.link}` : `pague o boleto em ${ctx.link}`;
    return { template: 'prazo_acabando', parameters: [p.plan, when, money(p.amount), how] };
  },
  balance_confirmed: (p, ctx) => ({ template: 'voucher_pronto', parameters: [p.plan, p.code, ctx.link] }),
  refund_issued: (p) => ({ template: 'reembolso_enviado', parameters: [money(p.amount), REFUND_HOW[p.via ?? 'same']] }),
  order_shipped: (p) => ({ template: 'pedido_enviado', parameters: [p.order, p.tracking_code] }),
};

/**
 * How long a kind's message waits before it is sent. A place is held before its charge exists (the payment screen
 * opens right after): 2 minutes of the 30-minute hold let the PIX code chosen there ride on "vaga reservada".
 */
export const PLACE_HELD_WHATSAPP_DELAY_SECONDS = 120;

export function whatsappDelaySeconds(kind: string): number {
  return kind === 'place_held' ? PLACE_HELD_WHATSAPP_DELAY_SECONDS : 0;
}

/** Whether a notification kind goes out on WhatsApp at all (the others stay on e-mail and the bell). */
export function hasWhatsappTemplate(kind: string): boolean {
  return Object.hasOwn(BUILDERS, kind);
}

/** The template and its parameters for a stored notification; null when the kind has no template or its facts are missing. */
export function whatsappMessageFor(notification: { type: string; data: Record<string, unknown> }, ctx: WhatsappContext): WhatsappMessage | null {
  if (!hasWhatsappTemplate(notification.type)) return null;
  const params = notification.data?.params;
  if (!params || typeof params !== 'object') return null;
  const build = BUILDERS[notification.type as NotificationKind] as (p: unknown, c: WhatsappContext) => Omit<WhatsappMessage, 'language'>;
  let message: Omit<WhatsappMessage, 'language'>;
  try {
    message = build(params, ctx);
  } catch {
    return null;
  }
  const parameters = message.parameters.map((v) => clean(String(v)));
  if (parameters.some((v) => /undefined|NaN|Invalid Date/.test(v))) return null;
  return { template: message.template, language: 'pt_BR', parameters };
}

/** The opt-in code's message (the `whatsapp.optin` job). */
export function optInMessage(code: string): WhatsappMessage {
  return { template: 'codigo_confirmacao', language: 'pt_BR', parameters: [clean(code)] };
}

/** The body as the person reads it (the development outbox prints this). */
export function renderTemplate(name: string, parameters: string[]): string {
  const t = (WHATSAPP_TEMPLATES as Record<string, WhatsappTemplate>)[name];
  if (!t) return `[${name}] ${parameters.join(' | ')}`;
  return t.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? `{{${n}}}`);
}
