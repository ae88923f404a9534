// The embedded mailer and the development mailbox against the real server and database: /api/dev/outbox, /dev/mailbox.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { OutboxMailer } from '../../adapters/mail/outbox.mailer';
import { SmtpMailer } from '../../adapters/mail/smtp.mailer';
import { TOKENS } from '../../adapters/tokens';
import { confirmationEmail, recoveryEmail } from '../../core/identity/emails';
import type { Mailer, MailMessage } from '../../core/ports/mailer';
import { createTestApp, type TestApp } from '../support/test-app';
import { PRODUCTION_TEST_ENV } from '../support/production-env';

const PRODUCTION_ENV = { ...PRODUCTION_TEST_ENV };
const LINK = 'http://127.0.0.1/confirmar-email?token=tok_ABC-123&origem=email';

let distDir: string;
let app: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'turma-dist-'));
  for (const name of ['web', 'admin']) {
    mkdirSync(join(distDir, name), { recursive: true });
    writeFileSync(join(distDir, name, 'index.html'), `<!doctype html><title>${name}-index</title>`);
  }
  app = await createTestApp({ distDir });
});
afterAll(async () => {
  await app?.close();
});

const mailer = () => app.container.get<Mailer>(TOKENS.Mailer);
/** A link as the outbox shows it: on the address the request came in on (PUBLIC_URL is http://127.0.0.1 here). */
const asServed = (link: string) => link.replace('http://127.0.0.1/', `${app.url}/`);

describe('the embedded mailer (SMTP_URL unset)', () => {
  it('is what the container serves', () => {
    expect(mailer()).toBeInstanceOf(OutboxMailer);
  });

  it('keeps the message in mail_outbox', async () => {
    await mailer().send(confirmationEmail({ to: 'guardada@turma.test', name: 'Guarda', link: LINK }));
    const rows = await app.db.knex('mail_outbox').where({ to_address: 'guardada@turma.test' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Confirme seu e-mail na Turma', template: 'email_confirmation' });
    expect(rows[0].text_body).toContain(LINK);
    expect(rows[0].html_body).toContain('href="http://127.0.0.1/confirmar-email?token=tok_ABC-123&amp;origem=email"');
  });

  it('prints one console line with the recipient, the subject and every link', async () => {
    const lines: string[] = [];
    const outbox = new OutboxMailer(app.db.knex, { print: (l) => lines.push(l), mailboxUrl: 'http://localhost:3000/dev/mailbox' });
    await outbox.send({
      to: 'console@turma.test',
      subject: 'Dois links\nna linha',
      template: 'email_confirmation',
      text: `Abra ${LINK}.\nOu https://turma.example/outro?x=1, se preferir. Não é link: ftp://x e www.turma.example`,
      html: '<p>x</p>',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]).toContain('console@turma.test');
    expect(lines[0]).toContain('Dois links na linha');
    expect(lines[0]).toContain(`${LINK} https://turma.example/outro?x=1 `);
    expect(lines[0]).not.toContain('ftp://');
    expect(lines[0]).toContain('http://localhost:3000/dev/mailbox');
  });

  it('can leave the links out of the console (production)', async () => {
    const lines: string[] = [];
    const outbox = new OutboxMailer(app.db.knex, { print: (l) => lines.push(l), showLinks: false });
    await outbox.send(confirmationEmail({ to: 'sigilo@turma.test', name: 'S', link: LINK }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('sigilo@turma.test');
    expect(lines[0]).not.toContain('tok_ABC');
  });
});

describe('choosing the mailer', () => {
  it('uses SMTP when SMTP_URL is set, and an override before either', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-test-')), LOG_LEVEL: 'silent' };
    const smtp = buildContainer(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }), app.db).get<Mailer>(TOKENS.Mailer);
    expect(smtp).toBeInstanceOf(SmtpMailer);
    (smtp as SmtpMailer).close();

    const fake: Mailer = { send: async () => {} };
    const overridden = buildContainer(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }), app.db, { mailer: fake });
    expect(overridden.get<Mailer>(TOKENS.Mailer)).toBe(fake);
  });
});

describe('GET /api/dev/outbox (docs/api.md)', () => {
  it('lists the messages to one recipient, newest first, ignoring case', async () => {
    await mailer().send(confirmationEmail({ to: 'Nova.Pessoa@turma.test', name: 'Nova Pessoa', link: LINK }));
    await new Promise((r) => setTimeout(r, 5));
    await mailer().send(recoveryEmail({ to: 'nova.pessoa@turma.test', name: 'Nova Pessoa', link: 'http://127.0.0.1/redefinir-senha?token=rec_1' }));
    await mailer().send(confirmationEmail({ to: 'outra@turma.test', name: 'Outra', link: LINK }));

    const res = await app.client().get('/api/dev/outbox?to=NOVA.pessoa@turma.test');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((m: { template: string }) => m.template)).toEqual(['password_recovery', 'email_confirmation']);
    const [recovery, confirmation] = res.body.items;
    expect(Object.keys(confirmation).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'template', 'text', 'to']);
    expect(confirmation).toMatchObject({ to: 'Nova.Pessoa@turma.test', subject: 'Confirme seu e-mail na Turma' });
    expect(confirmation.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirmation.text).toContain(asServed(LINK));
    expect(confirmation.html).toContain('<html lang="pt-BR">');
    expect(new Date(confirmation.created_at).toISOString()).toBe(confirmation.created_at);
    expect(recovery.text).toContain(asServed('http://127.0.0.1/redefinir-senha?token=rec_1'));
    // Stored as sent: only what the outbox shows follows the request's address.
    const stored = await app.db.knex('mail_outbox').where({ id: recovery.id }).first();
    expect(stored.text_body).toContain('http://127.0.0.1/redefinir-senha?token=rec_1');
  });

  it('lists everyone without a filter, and at most 50', async () => {
    const rows = Array.from({ length: 55 }, (_, i) => ({
      to_address: `lote${i}@turma.test`,
      subject: `Lote ${i}`,
      text_body: 'x',
      html_body: 'x',
      template: 'email_confirmation',
    }));
    await app.db.knex('mail_outbox').insert(rows);
    const res = await app.client().get('/api/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(50);
    expect(res.body.total).toBeGreaterThanOrEqual(55 + 3);
  });

  it('answers an unknown recipient with an empty list', async () => {
    const res = await app.client().get('/api/dev/outbox?to=ninguem@turma.test');
    expect(res.body).toEqual({ items: [], total: 0 });
  });
});

describe('GET /dev/mailbox', () => {
  const tricky: MailMessage = {
    to: 'pagina@turma.test',
    subject: 'Teste <b>negrito</b> & "aspas"',
    template: 'email_confirmation',
    text: `Olá <script>alert(1)</script>!\n\nConfirme: ${LINK}\n`,
    html: '<p>ok</p>',
  };

  it('shows recipient, escaped subject, time and the text with clickable links, without scripts', async () => {
    await mailer().send(tricky);
    const res = await app.client().get('/dev/mailbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = res.text;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<h2>Teste &lt;b&gt;negrito&lt;/b&gt; &amp; &quot;aspas&quot;</h2>');
    expect(html).not.toContain('<b>negrito');
    expect(html).toContain('Olá &lt;script&gt;alert(1)&lt;/script&gt;!');
    expect(html).not.toMatch(/<script/i);
    const escapedLink = asServed(LINK).replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${escapedLink}">${escapedLink}</a>`);
    expect(html).toContain('pagina@turma.test');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d\d\/\d\d\/\d{4} às \d\d:\d\d<\/time>/);
  });

  it('shows the links on the address the page was opened at (localhost or 127.0.0.1), never on a forged host', async () => {
    await mailer().send(confirmationEmail({ to: 'endereco@turma.test', name: 'Endereço', link: LINK }));
    const opened = (host: string) =>
      new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port: new URL(app.url).port, path: '/dev/mailbox?to=endereco%40turma.test', headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        })
          .on('error', reject)
          .end();
      });
    const port = new URL(app.url).port;
    const escaped = (link: string) => link.replace(/&/g, '&amp;');
    expect(await opened(`localhost:${port}`)).toContain(`href="${escaped(LINK.replace('http://127.0.0.1/', `http://localhost:${port}/`))}"`);
    const forged = await opened('evil.example"><b>x');
    expect(forged).not.toContain('evil.example');
    expect(forged).toContain(`href="${escaped(LINK)}"`);
  });

  it('filters by recipient with the form and keeps the value in the field', async () => {
    await mailer().send(confirmationEmail({ to: 'filtro@turma.test', name: 'Filtro', link: LINK }));
    const res = await app.client().get('/dev/mailbox?to=filtro%40turma.test');
    expect(res.status).toBe(200);
    expect(res.text).toContain('value="filtro@turma.test"');
    expect(res.text).toContain('filtro@turma.test');
    expect(res.text).not.toContain('pagina@turma.test');
    expect(res.text).toContain('<form method="get" action="/dev/mailbox"');
    const none = await app.client().get('/dev/mailbox?to=%22%3E%3Cscript%3E');
    expect(none.text).not.toMatch(/<script/i);
    expect(none.text).toContain('Nenhum e-mail para &quot;&gt;&lt;script&gt;.');
  });

  it('opens the HTML version of a message, and 404 for an unknown one', async () => {
    const list = await app.client().get('/api/dev/outbox?to=guardada@turma.test');
    const id = list.body.items[0].id as string;
    const page = await app.client().get('/dev/mailbox?to=guardada@turma.test');
    expect(page.text).toContain(`href="/dev/mailbox/${id}"`);
    const one = await app.client().get(`/dev/mailbox/${id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('Confirme seu e-mail na Turma');
    expect(one.text).toContain('background:#f97316');
    expect((await app.client().get('/dev/mailbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.client().get('/dev/mailbox/nao-e-uuid')).status).toBe(404);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: PRODUCTION_ENV, distDir });
    await prod.container.get<Mailer>(TOKENS.Mailer).send(confirmationEmail({ to: 'prod@turma.test', name: 'P', link: LINK }));
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has no /api/dev/outbox (the JSON 404)', async () => {
    const res = await prod.client().get('/api/dev/outbox?to=prod@turma.test');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Endereço da API não encontrado.' } });
  });

  it('has no /dev/mailbox: the path falls through to the web app', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox?to=prod@turma.test']) {
      const res = await prod.client().get(path);
      expect(res.text).toContain('web-index');
      expect(res.text).not.toContain('prod@turma.test');
      expect(res.text).not.toContain('Caixa de saída');
    }
    const id = (await prod.db.knex('mail_outbox').first('id')).id as string;
    const one = await prod.client().get(`/dev/mailbox/${id}`);
    expect(one.text).toContain('web-index');
    expect(one.text).not.toContain('Confirme seu e-mail');
  });
});
