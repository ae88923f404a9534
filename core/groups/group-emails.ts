// E-mails of the group purchase: group complete, payment confirmed, refund issued (pt-BR, same layout as account mail).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity/emails';

export function groupCompleteEmail({ to, name, plan, balance }: { to: string; name: string; plan: string; balance: number }) {
  return renderEmail(to, 'Sua turma completou!', 'group_complete', {
    greeting: greetingFor(name),
    intro: [
      `A turma de ${plan} completou e o preço de turma foi liberado para você.`,
      `Falta pagar o saldo de ${formatCents(balance)}. Assim que ele for confirmado, seu voucher fica disponível para uso.`,
    ],
    outro: ['Você pode pagar o saldo por PIX, boleto ou cartão na sua área da Turma.'],
  });
}

export function paymentConfirmedEmail({ to, name, what, amount }: { to: string; name: string; what: string; amount: number }) {
  return renderEmail(to, 'Pagamento confirmado', 'payment_confirmed', {
    greeting: greetingFor(name),
    intro: [`Recebemos o pagamento de ${formatCents(amount)} referente a ${what}.`],
    outro: ['O comprovante fica no seu histórico de pagamentos.'],
  });
}

export function refundIssuedEmail({ to, name, amount }: { to: string; name: string; amount: number }) {
  return renderEmail(to, 'Reembolso enviado', 'refund_issued', {
    greeting: greetingFor(name),
    intro: [`Devolvemos ${formatCents(amount)} pelo mesmo meio de pagamento usado.`, 'O prazo para o valor aparecer depende do seu banco ou da operadora do cartão.'],
    outro: ['Se tiver dúvidas, responda pelo suporte da Turma.'],
  });
}
