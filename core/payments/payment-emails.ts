// E-mails about money: a payment confirmed, a refund sent (pt-BR, same layout as account mail).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity';

/** `what` carries its own contracted preposition: 'à entrada da turma de …', 'ao saldo de …'. */
/** `receiptLink`: the full address of the payment's receipt (`${PUBLIC_URL}/api/payments/<id>/receipt`), a button when given. */
export function paymentConfirmedEmail({ to, name, what, amount, receiptLink }: { to: string; name: string; what: string; amount: number; receiptLink?: string | null }) {
  return renderEmail(to, 'Pagamento confirmado', 'payment_confirmed', {
    greeting: greetingFor(name),
    intro: [`Recebemos o pagamento de ${formatCents(amount)} referente ${what}.`],
    ...(receiptLink ? { action: { label: 'Ver recibo', link: receiptLink } } : {}),
    outro: ['O recibo também fica no seu histórico de pagamentos, em “Recibo” (HTML ou PDF).'],
  });
}

export function refundIssuedEmail({ to, name, amount }: { to: string; name: string; amount: number }) {
  return renderEmail(to, 'Reembolso enviado', 'refund_issued', {
    greeting: greetingFor(name),
    intro: [`Devolvemos ${formatCents(amount)} pelo mesmo meio de pagamento usado.`, 'O prazo para o valor aparecer depende do seu banco ou da operadora do cartão.'],
    outro: ['Se tiver dúvidas, responda pelo suporte da Turma.'],
  });
}
