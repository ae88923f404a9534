// WhatsApp's pure rules: which template and parameters each notification sends, failure classes, status order, PARAR.
import { describe, expect, it } from 'vitest';
import { MessengerError, classifyGraphFailure, describeFailure, toE164 } from '../../../core/messaging/messenger';
import { WHATSAPP_TEMPLATES, hasWhatsappTemplate, optInMessage, renderTemplate, whatsappMessageFor, type WhatsappContext } from '../../../core/messaging/whatsapp-templates';
import { canMoveMessage, isStopReply } from '../../../core/messaging/whatsapp-rules';
import { notify } from '../../../core/notifications/notifications';

const ctx: WhatsappContext = { link: 'https://turma.test/payment', created_at: new Date('2026-11-28T13:00:00Z') };
const msg = (d: { type: string; data: Record<string, unknown> }, c: WhatsappContext = ctx) => whatsappMessageFor(d, c);

describe('whatsappMessageFor', () => {
  it('place held: the plan, the hold’s end in Brasília, the entry and the PIX code when the charge exists', () => {
    const n = notify.placeHeld('u', 'm', 'g', 'Yoga', 4_990, 30);
    expect(msg(n)).toEqual({ template: 'vaga_reservada', language: 'pt_BR', parameters: ['Yoga', 'hoje às 10:30', 'R$ 49,90', 'gere o código em https://turma.test/payment'] });
    const withPix = msg(n, { ...ctx, pix: { code: '00020101021226 PIX', expires_at: new Date('2026-11-28T13:20:00Z') } });
    expect(withPix?.parameters).toEqual(['Yoga', 'hoje às 10:20', 'R$ 49,90', '00020101021226 PIX']);
  });

  it('place held with a boleto: its own template, the due date and the boleto’s address, never "por PIX"', () => {
    const n = notify.placeHeld('u', 'm', 'g', 'Yoga', 4_990, 30);
    const withBoleto = msg(n, { ...ctx, boleto: { url: 'https://turma.test/boleto/1', due_date: '2026-12-01' } });
    expect(withBoleto).toEqual({ template: 'vaga_reservada_boleto', language: 'pt_BR', parameters: ['Yoga', '01/12/2026', 'R$ 49,90', 'https://turma.test/boleto/1'] });
    expect(WHATSAPP_TEMPLATES.vaga_reservada_boleto.body).not.toContain('PIX');
  });

  it('maps every event of the list to its template with the parameters in order', () => {
    const deadline = new Date('2026-12-05T15:00:00Z');
    const cases: Array<[ReturnType<(typeof notify)[keyof typeof notify]>, string, string[]]> = [
      [notify.entryConfirmed('u', 'm', 'g', 'Yoga', 3, 5), 'pagamento_confirmado', ['entrada na turma de Yoga', '3 de 5 participantes já pagaram']],
      [notify.groupOneShort('u', 'g', 'Yoga', deadline), 'turma_falta_um', ['Yoga', '05/12/2026', ctx.link]],
      [notify.groupComplete('u', 'm', 'g', 'Yoga', 15_000), 'turma_completa', ['Yoga', 'R$ 150,00', ctx.link]],
      [
        notify.holdLapsing('u', 'm', 'g', { plan: 'Yoga', amount: 4_990, method: 'PIX', expires_at: new Date('2026-11-28T13:30:00Z'), pix_code: '000201PIX' }),
        'prazo_acabando',
        ['Yoga', 'hoje às 10:30', 'R$ 49,90', '000201PIX'],
      ],
      [
        notify.holdLapsing('u', 'm', 'g', { plan: 'Yoga', amount: 4_990, method: 'BOLETO', expires_at: new Date('2026-11-30T02:59:59Z'), pix_code: null }),
        'prazo_acabando',
        ['Yoga', 'amanhã (29/11/2026)', 'R$ 49,90', `pague o boleto em ${ctx.link}`],
      ],
      [notify.balanceConfirmed('u', 'v', 'Yoga', 'ABCD-1234'), 'voucher_pronto', ['Yoga', 'ABCD-1234', ctx.link]],
      [notify.refundIssued('u', 'p', 4_990, 'pix'), 'reembolso_enviado', ['R$ 49,90', 'por PIX, para a chave que você escolheu']],
    ];
    for (const [n, template, parameters] of cases) {
      const m = msg(n);
      expect(m, n.type).toEqual({ template, language: 'pt_BR', parameters });
      expect(parameters.length, template).toBe(WHATSAPP_TEMPLATES[template as keyof typeof WHATSAPP_TEMPLATES].parameters);
    }
    expect(msg({ type: 'order_shipped', data: { params: { order: '#A1', tracking_code: 'BR123' } } })).toEqual({ template: 'pedido_enviado', language: 'pt_BR', parameters: ['#A1', 'BR123'] });
    expect(msg({ type: 'order_paid', data: { params: { order: '#A1', total: 1_000 } } })?.template).toBe('pagamento_confirmado');
  });

  it('sends nothing for kinds without a template or with missing facts, and cleans line breaks from parameters', () => {
    expect(hasWhatsappTemplate('member_joined')).toBe(false);
    expect(msg(notify.memberJoined('u', 'g', 'm', 'Ana', 2, 5))).toBeNull();
    expect(msg({ type: 'group_complete', data: {} })).toBeNull();
    expect(msg({ type: 'group_complete', data: { params: { plan: 'Yoga' } } })).toBeNull();
    expect(msg({ type: 'order_shipped', data: { params: { order: 'A\nB', tracking_code: 'X\t\tY' } } })?.parameters).toEqual(['A B', 'X Y']);
  });

  it('every template’s body has as many placeholders as it declares; the opt-in code is one parameter', () => {
    for (const [name, t] of Object.entries(WHATSAPP_TEMPLATES)) expect(new Set(t.body.match(/\{\{\d+\}\}/g)).size, name).toBe(t.parameters);
    expect(optInMessage('012345')).toEqual({ template: 'codigo_confirmacao', language: 'pt_BR', parameters: ['012345'] });
    expect(renderTemplate('pedido_enviado', ['#A1', 'BR123'])).toBe('Seu pedido #A1 foi enviado. Código de rastreio: BR123.');
  });
});

describe('classifyGraphFailure', () => {
  it('rate limits retry later; template missing and invalid numbers are final; 5xx and unknown provider trouble retry', () => {
    const table: Array<[number, number | null, string]> = [
      [429, 130429, 'rate_limited'],
      [400, 131056, 'rate_limited'],
      [400, 80007, 'rate_limited'],
      [404, 132001, 'permanent'],
      [400, 132015, 'permanent'],
      [400, 131026, 'permanent'],
      [400, 131047, 'permanent'],
      [401, 190, 'permanent'],
      [400, null, 'permanent'],
      [500, 1, 'retryable'],
      [503, null, 'retryable'],
      [400, 131000, 'retryable'],
    ];
    for (const [status, code, kind] of table) expect(classifyGraphFailure(status, code), `${status}/${code}`).toBe(kind);
  });

  it('describes failures in Portuguese', () => {
    expect(describeFailure(new MessengerError('permanent', 132001, 'x'))).toMatch(/modelo de mensagem não encontrado/);
    expect(describeFailure(new MessengerError('rate_limited', 130429, 'x'))).toMatch(/limite de envio/);
  });
});

describe('statuses and replies', () => {
  it('moves forward only; failed only before delivery', () => {
    expect(canMoveMessage('queued', 'sent')).toBe(true);
    expect(canMoveMessage('sent', 'read')).toBe(true);
    expect(canMoveMessage('read', 'delivered')).toBe(false);
    expect(canMoveMessage('delivered', 'delivered')).toBe(false);
    expect(canMoveMessage('sent', 'failed')).toBe(true);
    expect(canMoveMessage('delivered', 'failed')).toBe(false);
    expect(canMoveMessage('failed', 'read')).toBe(false);
  });

  it('PARAR and SAIR, whatever the case, accents or punctuation; not inside a sentence', () => {
    for (const t of ['PARAR', 'parar', ' Párar! ', 'SAIR', 'sair.', 'Saír']) expect(isStopReply(t), t).toBe(true);
    for (const t of ['não quero parar', 'sair da turma', 'ok', '']) expect(isStopReply(t), t).toBe(false);
  });

  it('E.164 from what an operator types', () => {
    expect(toE164('(11) 98765-4321')).toBe('+5511987654321');
    expect(toE164('+1 415 555 0100')).toBe('+14155550100');
    expect(toE164('abc')).toBeNull();
  });
});
