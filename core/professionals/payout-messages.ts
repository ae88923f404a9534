// What a professional is told about a payout: the in-app notification (texts in notification-texts.ts, both locales)
// and the e-mail (pt-BR, the account mail layout).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity';
import { notificationContent, type NotificationRecord } from '../notifications';

export const RECEIVABLES_PATH = '/professional/receivables';

type Draft = Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string };

/** Once per payout and outcome (the dedupe key), however many times the provider tells us. */
export const payoutNotify = {
  done: (userId: string, payoutId: string, amount: number): Draft => {
    const { title, body } = notificationContent('payout_done', { amount });
    return { user_id: userId, type: 'payout_done', title, body, link: RECEIVABLES_PATH, data: { payout_id: payoutId, params: { amount } }, dedupe_key: `payout_done:${payoutId}` };
  },
  failed: (userId: string, payoutId: string, amount: number, reason: string): Draft => {
    const { title, body } = notificationContent('payout_failed', { amount, reason });
    return { user_id: userId, type: 'payout_failed', title, body, link: '/dashboard/professional', data: { payout_id: payoutId, params: { amount, reason } }, dedupe_key: `payout_failed:${payoutId}` };
  },
};

/** Who is paid: a professional (redeemed vouchers) or an influencer (referral commissions). */
export type PayoutAudience = 'professional' | 'influencer';

export function payoutDoneEmail(input: { to: string; name: string; amount: number; pixKey: string | null; receiptUrl: string | null; link: string; audience?: PayoutAudience }) {
  const influencer = input.audience === 'influencer';
  return renderEmail(input.to, 'Seu repasse foi enviado', 'payout_done', {
    greeting: greetingFor(input.name),
    intro: [
      `Enviamos ${formatCents(input.amount)} por PIX${input.pixKey ? ` para a chave ${input.pixKey}` : ''}, referente ${influencer ? 'às comissões de indicação liberadas' : 'aos vouchers resgatados e liberados'}.`,
      ...(input.receiptUrl ? [`Comprovante: ${input.receiptUrl}`] : []),
    ],
    action: { label: influencer ? 'Ver comissões' : 'Ver recebíveis', link: input.link },
    outro: ['O prazo para o valor aparecer depende do seu banco, normalmente poucos segundos.'],
  });
}

export function payoutFailedEmail(input: { to: string; name: string; amount: number; reason: string; link: string; audience?: PayoutAudience }) {
  return renderEmail(input.to, 'Não conseguimos enviar seu repasse', 'payout_failed', {
    greeting: greetingFor(input.name),
    intro: [
      `A transferência PIX de ${formatCents(input.amount)} não foi concluída. Motivo: ${input.reason}`,
      `Confira se a sua chave PIX está correta no seu perfil de ${input.audience === 'influencer' ? 'influenciador' : 'profissional'}. O valor voltou para "Disponível" e será enviado no próximo repasse.`,
    ],
    action: { label: 'Conferir chave PIX', link: input.link },
    outro: ['Se tiver dúvidas, responda pelo suporte da Turma.'],
  });
}
