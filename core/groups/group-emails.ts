// E-mails of the group purchase: group complete (pt-BR, same layout as account mail).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity';

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

/** An unpaid boleto's due date passed and the place it held was released. */
export function boletoHoldLapsedEmail({ to, name, plan, dueDate }: { to: string; name: string; plan: string; dueDate: string }) {
  return renderEmail(to, 'Sua vaga na turma foi liberada', 'boleto_hold_lapsed', {
    greeting: greetingFor(name),
    intro: [
      `O boleto da sua entrada na turma de ${plan} venceu em ${dueDate.split('-').reverse().join('/')} sem pagamento, e a vaga que ele reservava foi liberada.`,
      'O boleto foi cancelado: não o pague mais. Se ele for pago mesmo assim, devolvemos o valor.',
    ],
    outro: ['Se ainda houver vaga, entre na turma de novo em Minhas turmas e pague a entrada por PIX.'],
  });
}

/** The member withdrew from a group purchase (CDC art. 49): what was undone and where the money goes. */
export function withdrawalEmail({ to, name, plan, scope, amount, toWallet }: { to: string; name: string; plan: string; scope: 'entry' | 'purchase'; amount: number; toWallet: boolean }) {
  return renderEmail(to, 'Sua desistência foi confirmada', 'purchase_withdrawn', {
    greeting: greetingFor(name),
    intro: [
      scope === 'entry'
        ? `Confirmamos sua desistência da turma de ${plan}: sua vaga foi liberada para outra pessoa.`
        : `Confirmamos sua desistência da compra na turma de ${plan}: o voucher foi cancelado e não vale mais.`,
      toWallet
        ? `${formatCents(amount)} foram creditados na sua carteira Turma e já podem ser usados.`
        : `O reembolso de ${formatCents(amount)} foi solicitado ao meio de pagamento que você usou. O prazo para o valor aparecer depende do banco ou da operadora do cartão.`,
    ],
    outro: ['Você exerceu o direito de arrependimento do Código de Defesa do Consumidor (art. 49).'],
  });
}
