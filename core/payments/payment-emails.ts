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

export function refundIssuedEmail({ to, name, amount, via }: { to: string; name: string; amount: number; via?: 'card' | 'pix' | 'wallet' }) {
  const intro =
    via === 'card'
      ? [`Devolvemos ${formatCents(amount)} no cartão usado no pagamento.`, 'O estorno aparece na fatura do cartão em até 10 dias úteis.']
      : via === 'pix'
        ? [`Devolvemos ${formatCents(amount)} por PIX para a chave que você escolheu.`]
        : via === 'wallet'
          ? [`Devolvemos ${formatCents(amount)} como crédito na sua carteira da Turma.`]
          : [`Devolvemos ${formatCents(amount)} pelo mesmo meio de pagamento usado.`, 'O prazo para o valor aparecer depende do seu banco ou da operadora do cartão.'];
  return renderEmail(to, 'Reembolso enviado', 'refund_issued', {
    greeting: greetingFor(name),
    intro,
    outro: ['Se tiver dúvidas, responda pelo suporte da Turma.'],
  });
}

/** A boleto cannot be refunded by the provider: the member chooses a PIX key or wallet credit. */
export function refundChoiceEmail({ to, name, amount, transferFailed }: { to: string; name: string; amount: number; transferFailed?: string }) {
  return renderEmail(to, 'Escolha como receber o reembolso', 'refund_choice', {
    greeting: greetingFor(name),
    intro: [
      ...(transferFailed ? [`A transferência PIX do seu reembolso não foi concluída: ${transferFailed}`] : []),
      `Vamos devolver ${formatCents(amount)} pagos por boleto. Boletos não podem ser estornados: escolha receber por PIX ou como crédito na carteira da Turma.`,
    ],
    outro: ['Faça a escolha no seu histórico de pagamentos, em “Escolha como receber o reembolso”.', 'Se tiver dúvidas, responda pelo suporte da Turma.'],
  });
}
