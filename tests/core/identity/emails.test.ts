import { describe, expect, it } from 'vitest';
import {
  accountDeletedEmail,
  confirmationEmail,
  escapeHtml,
  formatBrasiliaDateTime,
  passwordChangedEmail,
  recoveryEmail,
} from '../../../core/identity/emails';

const LINK = 'https://turma.example/confirmar-email?token=abc_DEF-123&x=1';
// What the link looks like inside an href or HTML text.
const LINK_IN_HTML = 'https://turma.example/confirmar-email?token=abc_DEF-123&amp;x=1';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"aspas" e 'apóstrofo'`, '&quot;aspas&quot; e &#39;apóstrofo&#39;'],
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['&amp;', '&amp;amp;'],
    ['João da Silva', 'João da Silva'],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe('formatBrasiliaDateTime', () => {
  it.each([
    ['2026-11-21T10:05:00Z', '21/11/2026 às 07:05'],
    // Past midnight in UTC is still the previous day in Brasília.
    ['2026-01-01T02:59:00Z', '31/12/2025 às 23:59'],
    ['2026-03-15T03:00:00Z', '15/03/2026 às 00:00'],
  ])('formats %s as %s (America/Sao_Paulo)', (iso, expected) => {
    expect(formatBrasiliaDateTime(new Date(iso))).toBe(expected);
  });
});

describe('confirmationEmail', () => {
  const mail = confirmationEmail({ to: 'maria@turma.test', name: 'Maria Souza', link: LINK });

  it('has the subject, recipient and template', () => {
    expect(mail).toMatchObject({ to: 'maria@turma.test', subject: 'Confirme seu e-mail na Turma', template: 'email_confirmation' });
  });

  it('writes the link in full in the text and in the HTML (button and spelled out)', () => {
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.html.split(`href="${LINK_IN_HTML}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${LINK_IN_HTML}</a>`);
  });

  it('greets by first name and says the link lasts 24 hours', () => {
    expect(mail.text.startsWith('Olá, Maria!\n')).toBe(true);
    expect(mail.text).toContain('24 horas');
    expect(mail.html).toContain('24 horas');
  });

  it('uses the orange button and a pt-BR document', () => {
    expect(mail.html).toContain('background:#f97316');
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).not.toMatch(/<script/i);
  });
});

describe('recoveryEmail', () => {
  const mail = recoveryEmail({ to: 'jo@turma.test', name: 'Jo', link: 'http://localhost:3000/redefinir-senha?token=t0k3n' });

  it('has the subject, template, link, 1-hour validity and the "not you" advice', () => {
    expect(mail.subject).toBe('Redefinição de senha da Turma');
    expect(mail.template).toBe('password_recovery');
    expect(mail.text).toContain('http://localhost:3000/redefinir-senha?token=t0k3n');
    expect(mail.html).toContain('href="http://localhost:3000/redefinir-senha?token=t0k3n"');
    expect(mail.text).toContain('1 hora');
    expect(mail.text).toContain('Se não foi você, ignore este e-mail');
  });
});

describe('passwordChangedEmail', () => {
  it('says when, in Brasília time', () => {
    const mail = passwordChangedEmail({ to: 'ana@turma.test', name: 'Ana', when: new Date('2026-11-21T13:30:00Z') });
    expect(mail.subject).toBe('Sua senha da Turma foi alterada');
    expect(mail.template).toBe('password_changed');
    expect(mail.text).toContain('21/11/2026 às 10:30 (horário de Brasília)');
    expect(mail.html).toContain('21/11/2026 às 10:30 (horário de Brasília)');
  });
});

describe('accountDeletedEmail', () => {
  it('says the data was anonymised and what the law keeps, with its legal basis', () => {
    const mail = accountDeletedEmail({ to: 'rui@turma.test', name: 'Rui' });
    expect(mail.subject).toBe('Sua conta na Turma foi excluída');
    expect(mail.template).toBe('account_deleted');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('anonimizados');
      expect(body).toContain('registros financeiros');
      expect(body).toContain('registros de auditoria');
      expect(body).toContain('art. 7º, inciso II');
      expect(body).toContain('art. 16, inciso I');
      expect(body).toContain('obrigação legal');
    }
  });
});

describe('every template escapes what it interpolates', () => {
  const name = '<b>Zé</b> "da Silva"';
  const link = 'https://turma.example/x?a="><script>alert(1)</script>';
  const withLink = [confirmationEmail({ to: 'a@turma.test', name, link }), recoveryEmail({ to: 'a@turma.test', name, link })];
  const mails = [
    ...withLink,
    passwordChangedEmail({ to: 'a@turma.test', name, when: new Date() }),
    accountDeletedEmail({ to: 'a@turma.test', name }),
  ];

  it.each(mails.map((m) => [m.template, m]))('%s has no raw markup from the name', (_template, mail) => {
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Olá, &lt;b&gt;Zé&lt;/b&gt;!');
    // The plain-text body is not HTML: the name is left as typed.
    expect(mail.text.startsWith('Olá, <b>Zé</b>!\n')).toBe(true);
  });

  it.each(withLink.map((m) => [m.template, m]))('%s cannot be broken out of by the link', (_template, mail) => {
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('href="https://turma.example/x?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(mail.text).toContain(link);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => confirmationEmail({ to: 'a@turma.test', name: 'A', link: 'javascript:alert(1)' })).toThrow();
    expect(() => recoveryEmail({ to: 'a@turma.test', name: 'A', link: 'https://turma.example/a b' })).toThrow();
  });

  it('greets without a name when none is given', () => {
    expect(accountDeletedEmail({ to: 'a@turma.test', name: '  ' }).text.startsWith('Olá!\n')).toBe(true);
  });
});
