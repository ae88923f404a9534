// In-app notifications: the pt-BR texts of every group event, and reading/marking them (PRODUCT.md §3).
import { z } from 'zod';
import { formatCents } from '../shared/money';
import type { Clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import type { Repositories } from '../ports/repositories';
import type { UnitOfWork } from '../ports/unit-of-work';

export type NotificationType =
  | 'place_held'
  | 'entry_confirmed'
  | 'member_joined'
  | 'group_complete'
  | 'balance_confirmed'
  | 'group_reminder'
  | 'group_expired'
  | 'refund_issued'
  | 'payment_refunded';

export interface NotificationDraft {
  user_id: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  /** Makes the notification once-only for the event it speaks of. */
  dedupe_key: string;
}

const groupLink = (groupId: string) => `/my-groups?grupo=${groupId}`;

/** The texts, in one place so the screens, e-mails and tests agree. */
export const notify = {
  placeHeld: (userId: string, memberId: string, groupId: string, plan: string, entry: number, holdMinutes: number): NotificationDraft => ({
    user_id: userId,
    type: 'place_held',
    title: 'Sua vaga está reservada',
    body: `Reservamos sua vaga na turma de ${plan} por ${holdMinutes} minutos. Pague a entrada de ${formatCents(entry)} para garanti-la.`,
    link: '/payment',
    data: { group_id: groupId, member_id: memberId },
    dedupe_key: `place_held:${memberId}`,
  }),
  entryConfirmed: (userId: string, memberId: string, groupId: string, plan: string, paid: number, size: number): NotificationDraft => ({
    user_id: userId,
    type: 'entry_confirmed',
    title: 'Entrada confirmada!',
    body: `Sua entrada na turma de ${plan} foi confirmada. ${paid} de ${size} participantes já pagaram: convide amigos para completar.`,
    link: groupLink(groupId),
    data: { group_id: groupId, member_id: memberId },
    dedupe_key: `entry_confirmed:${memberId}`,
  }),
  memberJoined: (userId: string, groupId: string, newMemberId: string, firstName: string, paid: number, size: number): NotificationDraft => ({
    user_id: userId,
    type: 'member_joined',
    title: 'Mais alguém entrou na sua turma',
    body: `${firstName} entrou na turma. Agora são ${paid} de ${size}.`,
    link: groupLink(groupId),
    data: { group_id: groupId, member_id: newMemberId },
    dedupe_key: `member_joined:${newMemberId}:${userId}`,
  }),
  groupComplete: (userId: string, memberId: string, groupId: string, plan: string, balance: number): NotificationDraft => ({
    user_id: userId,
    type: 'group_complete',
    title: 'Turma completa! 🎉',
    body: `A turma de ${plan} completou e o preço de turma foi liberado. Falta pagar ${formatCents(balance)} para usar seu voucher.`,
    link: '/payment',
    data: { group_id: groupId, member_id: memberId },
    dedupe_key: `group_complete:${memberId}`,
  }),
  balanceConfirmed: (userId: string, voucherId: string, plan: string, code: string): NotificationDraft => ({
    user_id: userId,
    type: 'balance_confirmed',
    title: 'Pagamento concluído',
    body: `O saldo de ${plan} foi pago. Seu voucher ${code} já pode ser usado.`,
    link: '/dashboard',
    data: { voucher_id: voucherId },
    dedupe_key: `balance_confirmed:${voucherId}`,
  }),
  reminder: (userId: string, memberId: string, groupId: string, plan: string, paid: number, size: number, deadline: Date): NotificationDraft => ({
    user_id: userId,
    type: 'group_reminder',
    title: 'Sua turma está quase no prazo',
    body: `Faltam ${size - paid} participante(s) para a turma de ${plan} completar até ${deadline.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}. Convide amigos!`,
    link: groupLink(groupId),
    data: { group_id: groupId, member_id: memberId },
    dedupe_key: `group_reminder:${memberId}`,
  }),
  groupExpired: (userId: string, memberId: string, groupId: string, plan: string, amount: number, toWallet: boolean): NotificationDraft => ({
    user_id: userId,
    type: 'group_expired',
    title: 'A turma não completou no prazo',
    body: toWallet
      ? `A turma de ${plan} não completou. Sua entrada de ${formatCents(amount)} virou crédito na sua carteira.`
      : `A turma de ${plan} não completou. Sua entrada de ${formatCents(amount)} será devolvida automaticamente.`,
    link: '/payment-history',
    data: { group_id: groupId, member_id: memberId },
    dedupe_key: `group_expired:${memberId}`,
  }),
  refundIssued: (userId: string, paymentId: string, amount: number): NotificationDraft => ({
    user_id: userId,
    type: 'refund_issued',
    title: 'Reembolso enviado',
    body: `Devolvemos ${formatCents(amount)} pelo mesmo meio de pagamento. O prazo depende do seu banco.`,
    link: '/payment-history',
    data: { payment_id: paymentId },
    dedupe_key: `refund_issued:${paymentId}`,
  }),
};

export const notificationListSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export class NotificationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Stores a notification once; inside the caller's transaction. */
  static async push(r: Repositories, draft: NotificationDraft): Promise<boolean> {
    return r.notifications.create(draft);
  }

  list(userId: string, query: z.infer<typeof notificationListSchema>) {
    return this.uow.repos.notifications.list(userId, (query.page - 1) * query.per_page, query.per_page);
  }

  unreadCount(userId: string) {
    return this.uow.repos.notifications.unreadCount(userId);
  }

  async markRead(userId: string, id: string) {
    const ok = z.uuid().safeParse(id).success && (await this.uow.repos.notifications.markRead(userId, id, this.clock.now()));
    if (!ok) throw notFound('notification_not_found', 'Notificação não encontrada.');
  }

  markAllRead(userId: string) {
    return this.uow.repos.notifications.markAllRead(userId, this.clock.now());
  }
}
