// Notification texts (docs/product/screens.md): stored in pt-BR with their facts, rendered in en-US for readers in English.
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../core/shared/money';
import { notify } from '../../../core/notifications/notifications';
import { orderNotify } from '../../../core/marketplace/order-messages';
import { localizeNotification, notificationText, NOTIFICATION_LOCALES, type NotificationKind, type NotificationParams } from '../../../core/notifications/notification-texts';

const deadline = new Date('2026-12-20T15:00:00Z');
const orderId = '3f2a9c1e-0b4d-4c55-9e21-7a1b2c3d4e5f';
const drafts = [
  notify.placeHeld('u', 'm', 'g', 'Tatuagem fina', 5_000, 30),
  notify.entryConfirmed('u', 'm', 'g', 'Tatuagem fina', 2, 5),
  notify.memberJoined('u', 'g', 'm2', 'Bruno', 3, 5),
  notify.groupComplete('u', 'm', 'g', 'Tatuagem fina', 45_000),
  notify.balanceConfirmed('u', 'v', 'Tatuagem fina', 'AB12-CD34'),
  notify.reminder('u', 'm', 'g', 'Tatuagem fina', 3, 5, deadline),
  notify.groupExpired('u', 'm', 'g', 'Tatuagem fina', 5_000, true),
  notify.groupExpired('u', 'm', 'g', 'Tatuagem fina', 5_000, false),
  notify.refundIssued('u', 'p', 5_000),
  orderNotify.paid('u', orderId, 12_990),
  orderNotify.expired('u', orderId),
  orderNotify.shipped('u', orderId, 'BR123456789BR'),
  orderNotify.delivered('u', orderId),
  orderNotify.refunded('u', orderId, 12_990),
];
const stored = (d: (typeof drafts)[number]) => ({ ...d, data: JSON.parse(JSON.stringify(d.data)) as Record<string, unknown> });

describe('stored pt-BR texts (what users read)', () => {
  it('keeps the exact Portuguese wording, with amounts in pt-BR and dates in São Paulo time', () => {
    expect(drafts[0]).toMatchObject({
      type: 'place_held',
      title: 'Sua vaga está reservada',
      body: `Reservamos sua vaga na turma de Tatuagem fina por 30 minutos. Pague a entrada de ${formatCents(5_000)} para garanti-la.`,
    });
    expect(drafts[5]!.body).toBe('Faltam 2 participante(s) para a turma de Tatuagem fina completar até 20/12/2026. Convide amigos!');
    expect(drafts[6]!.body).toContain('virou crédito na sua carteira');
    expect(drafts[7]!.body).toContain('será devolvida automaticamente');
    expect(drafts[9]).toMatchObject({ type: 'order_paid', title: 'Pedido confirmado', link: `/marketplace/orders/${orderId}` });
    expect(drafts[9]!.body).toBe(`Recebemos o pagamento de ${formatCents(12_990)} do pedido #3F2A9C1E. Agora é com a gente: avisamos quando ele for enviado.`);
    expect(drafts[11]!.data).toMatchObject({ order_id: orderId, tracking_code: 'BR123456789BR' });
  });

  it('keeps the ids beside the facts, so links and screens still find their group, member or order', () => {
    expect(drafts[0]!.data).toEqual({ group_id: 'g', member_id: 'm', params: { plan: 'Tatuagem fina', entry: 5_000, hold_minutes: 30 } });
    expect(drafts[12]!.data).toEqual({ order_id: orderId, params: { order: '#3F2A9C1E' } });
  });
});

describe('localizeNotification', () => {
  it('pt-BR readers get the stored text itself', () => {
    for (const d of drafts) expect(localizeNotification(stored(d), 'pt-BR')).toEqual(stored(d));
  });

  it('en-US readers get every kind in English, amounts in en-US, nothing left in Portuguese or undefined', () => {
    for (const d of drafts) {
      const en = localizeNotification(stored(d), 'en-US');
      expect(en.title, d.type).not.toBe(d.title);
      expect(en.body, d.type).not.toBe(d.body);
      expect(en.title + en.body, d.type).not.toMatch(/undefined|NaN|turma|pedido|você|sua /i);
      expect({ ...en, title: d.title, body: d.body }, d.type).toEqual(stored(d)); // only the texts change
    }
    expect(localizeNotification(stored(drafts[3]!), 'en-US').body).toBe(
      `The Tatuagem fina group is complete and the group price is unlocked. ${formatCents(45_000, 'en-US')} left to pay to use your voucher.`,
    );
    expect(localizeNotification(stored(drafts[5]!), 'en-US').body).toBe('2 more member(s) needed for the Tatuagem fina group to complete by 12/20/2026. Invite friends!');
  });

  it('keeps the stored text when a notification carries no facts (older rows), unknown ones, or broken ones', () => {
    const old = { type: 'group_complete', title: 'Turma completa! 🎉', body: 'texto antigo', data: { group_id: 'g' } };
    expect(localizeNotification(old, 'en-US')).toBe(old);
    const unknown = { type: 'something_new', title: 'Novo', body: 'corpo', data: { params: { x: 1 } } };
    expect(localizeNotification(unknown, 'en-US')).toBe(unknown);
    const broken = { type: 'group_complete', title: 'Turma completa! 🎉', body: 'texto', data: { params: { plan: 'X' } } };
    expect(localizeNotification(broken, 'en-US')).toBe(broken); // balance missing → NaN: the stored text wins
    const reminderWithoutDate = { type: 'group_reminder', title: 'Prazo', body: 'texto', data: { params: { plan: 'X', paid: 1, size: 2 } } };
    expect(localizeNotification(reminderWithoutDate, 'en-US')).toBe(reminderWithoutDate);
  });
});

describe('notificationText', () => {
  it('has both locales for every kind', () => {
    const samples: { [K in NotificationKind]: NotificationParams[K] } = {
      place_held: { plan: 'P', entry: 100, hold_minutes: 30 },
      entry_confirmed: { plan: 'P', paid: 1, size: 2 },
      member_joined: { first_name: 'A', paid: 1, size: 2 },
      group_complete: { plan: 'P', balance: 100 },
      balance_confirmed: { plan: 'P', code: 'C' },
      plan_delivery_address: { plan: 'P', code: 'C' },
      group_reminder: { plan: 'P', paid: 1, size: 2, deadline: deadline.toISOString() },
      group_expired: { plan: 'P', amount: 100, to_wallet: false },
      refund_issued: { amount: 100, via: 'card' },
      refund_choice_needed: { amount: 100 },
      boleto_hold_lapsed: { plan: 'P', due_date: '2026-11-27' },
      order_paid: { order: '#1', total: 100 },
      order_cancelled: { order: '#1' },
      order_shipped: { order: '#1', tracking_code: 'T' },
      order_delivered: { order: '#1' },
      order_refunded: { order: '#1', total: 100 },
      order_return_requested: { order: '#1' },
      order_return_accepted: { order: '#1', total: 100 },
      order_return_rejected: { order: '#1', reason: 'Produto usado' },
      order_line_refunded: { order: '#1', product: 'Camiseta', quantity: 1, total: 100, reason: 'Defeito' },
      professional_status: { status: 'rejected', reason: 'Fotos ilegíveis' },
      voucher_redeemed: { plan: 'P', business_name: 'Estúdio' },
      payout_done: { amount: 12_345 },
      payout_failed: { amount: 12_345, reason: 'Chave PIX não encontrada.' },
      place_opened: { plan: 'P', paid: 2, size: 5 },
      purchase_reversed: { plan: 'P', chargeback: true, outcome: 'purchase_cancelled', other_part_refunded: true },
      purchase_withdrawn: { plan: 'P', scope: 'purchase', amount: 50_000, to_wallet: false },
      group_one_short: { plan: 'P', deadline: deadline.toISOString() },
      hold_lapsing: { plan: 'P', amount: 5_000, method: 'PIX', expires_at: deadline.toISOString(), pix_code: '000201' },
    };
    for (const kind of Object.keys(samples) as NotificationKind[]) {
      for (const locale of NOTIFICATION_LOCALES) {
        const text = notificationText(kind, samples[kind] as never, locale);
        expect(text.title.length, `${kind} ${locale}`).toBeGreaterThan(3);
        expect(text.body, `${kind} ${locale}`).not.toMatch(/undefined|NaN/);
      }
    }
  });
});
