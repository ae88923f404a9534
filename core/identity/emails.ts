// The account e-mails in pt-BR (confirmation, recovery, password changed, account deleted), rendered as text and HTML.
import { formatCents } from '../shared/money';
import type { MailMessage } from '../ports/mailer';

export type EmailTemplate = 'email_confirmation' | 'password_recovery' | 'password_changed' | 'account_deleted' | 'account_unlock';

/** A MailMessage whose `template` names one of the templates of this file. */
export interface AccountEmail extends MailMessage {
  template: EmailTemplate;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for HTML text and for double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Dates in the e-mails are Brasília time, whatever the server's zone. */
const BRASILIA_DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `21/11/2026 às 07:05` in America/Sao_Paulo. */
export function formatBrasiliaDateTime(date: Date): string {
  const parts = Object.fromEntries(BRASILIA_DATE_TIME.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

export interface EmailContent {
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; link: string };
  /** Paragraphs after the button. */
  outro: string[];
}

// A link goes into an href: anything but http(s) (javascript:, data:) is a bug upstream, never something to send.
function checkedLink(link: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(link)) throw new Error('O link do e-mail deve ser um endereço http(s) sem espaços.');
  return link;
}

export function greetingFor(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first ? `Olá, ${first}!` : 'Olá!';
}

const SIGNATURE = 'Equipe Turma';

function renderText(c: EmailContent): string {
  const blocks = [c.greeting, ...c.intro];
  if (c.action) blocks.push(`${c.action.label}:\n${c.action.link}`);
  blocks.push(...c.outro, `— ${SIGNATURE}`);
  return `${blocks.join('\n\n')}\n`;
}

// Mail clients ignore <style> and most CSS: one centred table, inline styles, dark text on a light card.
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";
const P = `margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:#1c1917`;

function renderHtml(subject: string, c: EmailContent): string {
  const paragraph = (text: string) => `<p style="${P}">${escapeHtml(text)}</p>`;
  const action = c.action
    ? [
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>',
        `<td style="border-radius:10px;background:#f97316">`,
        `<a href="${escapeHtml(c.action.link)}" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;font-weight:bold;color:#1c0d02;text-decoration:none;border-radius:10px">${escapeHtml(c.action.label)}</a>`,
        '</td></tr></table>',
        `<p style="margin:0 0 8px;${FONT};font-size:14px;line-height:20px;color:#57534e">Se o botão não funcionar, copie e cole este endereço no navegador:</p>`,
        `<p style="margin:0 0 24px;${FONT};font-size:14px;line-height:20px;word-break:break-all"><a href="${escapeHtml(c.action.link)}" style="color:#c2410c">${escapeHtml(c.action.link)}</a></p>`,
      ].join('')
    : '';
  return [
    '<!doctype html>',
    '<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f4">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f5f4"><tr><td align="center" style="padding:32px 16px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">',
    `<tr><td style="padding:24px 32px 0;${FONT};font-size:22px;font-weight:bold;color:#ea580c">Turma</td></tr>`,
    '<tr><td style="padding:24px 32px 8px">',
    paragraph(c.greeting),
    ...c.intro.map(paragraph),
    action,
    ...c.outro.map(paragraph),
    `<p style="${P};margin-bottom:0">— ${escapeHtml(SIGNATURE)}</p>`,
    '</td></tr>',
    `<tr><td style="padding:16px 32px 24px;${FONT};font-size:12px;line-height:18px;color:#78716c">Este é um e-mail automático da Turma; respostas não são lidas.</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

function render(to: string, subject: string, template: EmailTemplate, content: EmailContent): AccountEmail {
  return renderEmail(to, subject, template, content) as AccountEmail;
}

/** Any product e-mail in the same layout (text + HTML, every value escaped). */
export function renderEmail(to: string, subject: string, template: string, content: EmailContent) {
  if (content.action) content = { ...content, action: { ...content.action, link: checkedLink(content.action.link) } };
  return { to, subject, template, text: renderText(content), html: renderHtml(subject, content) };
}

export interface LinkEmailInput {
  to: string;
  name: string;
  /** The full http(s) address the button opens (carries the single-use token). */
  link: string;
}

export function confirmationEmail({ to, name, link }: LinkEmailInput): AccountEmail {
  return render(to, 'Confirme seu e-mail na Turma', 'email_confirmation', {
    greeting: greetingFor(name),
    intro: ['Falta pouco para você entrar na Turma. Confirme que este e-mail é seu para ativar a conta.'],
    action: { label: 'Confirmar meu e-mail', link: checkedLink(link) },
    outro: ['O link vale por 24 horas e só pode ser usado uma vez. Se você não criou uma conta na Turma, ignore este e-mail.'],
  });
}

export function recoveryEmail({ to, name, link }: LinkEmailInput): AccountEmail {
  return render(to, 'Redefinição de senha da Turma', 'password_recovery', {
    greeting: greetingFor(name),
    intro: ['Recebemos um pedido para redefinir a senha da sua conta na Turma. Para escolher uma nova senha, use o botão abaixo.'],
    action: { label: 'Redefinir minha senha', link: checkedLink(link) },
    outro: [
      'O link vale por 1 hora e só pode ser usado uma vez.',
      'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ],
  });
}

/** The account's login ceiling was reached (many wrong passwords from many addresses). */
export function accountUnlockEmail({ to, name, link }: LinkEmailInput): AccountEmail {
  return render(to, 'Muitas tentativas de entrar na sua conta da Turma', 'account_unlock', {
    greeting: greetingFor(name),
    intro: [
      'Houve muitas tentativas de entrar na sua conta da Turma com a senha errada, e por segurança novas tentativas estão pausadas por até 1 hora.',
      'Se foi você, use o botão abaixo para liberar a entrada agora.',
    ],
    action: { label: 'Liberar a entrada na minha conta', link: checkedLink(link) },
    outro: [
      'O link vale por 24 horas e só pode ser usado uma vez.',
      'Se não foi você, alguém pode estar tentando adivinhar sua senha: depois de liberar, troque-a em "Esqueci minha senha" e escolha uma senha forte.',
    ],
  });
}

export function passwordChangedEmail({ to, name, when }: { to: string; name: string; when: Date }): AccountEmail {
  return render(to, 'Sua senha da Turma foi alterada', 'password_changed', {
    greeting: greetingFor(name),
    intro: [`A senha da sua conta na Turma foi alterada em ${formatBrasiliaDateTime(when)} (horário de Brasília).`],
    outro: [
      'Se foi você, não é preciso fazer nada.',
      'Se não foi você, redefina sua senha agora em "Esqueci minha senha", na tela de entrada da Turma.',
    ],
  });
}

export function accountDeletedEmail({ to, name, refund = 0 }: { to: string; name: string; refund?: number }): AccountEmail {
  return render(to, 'Sua conta na Turma foi excluída', 'account_deleted', {
    greeting: greetingFor(name),
    intro: [
      'Sua conta na Turma foi excluída, como você pediu. Seus dados pessoais (nome, e-mail, CPF, telefone, data de nascimento e endereço) foram anonimizados, e não é mais possível entrar com esta conta.',
      ...(refund > 0 ? [`O crédito de ${formatCents(refund)} da sua carteira será devolvido por PIX para a chave que você informou.`] : []),
      'Mantemos apenas o que a lei nos obriga a guardar: os registros financeiros (pagamentos e pedidos) e os registros de auditoria, pelo prazo legal. A base legal é o cumprimento de obrigação legal (LGPD, art. 7º, inciso II, e art. 16, inciso I).',
    ],
    outro: ['Obrigado por ter feito parte da Turma.'],
  });
}
