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
