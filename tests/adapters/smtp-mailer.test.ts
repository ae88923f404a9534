// The real SMTP adapter against a real SMTP server on 127.0.0.1 (smtp-server): the link must arrive intact.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { SmtpMailer } from '../../adapters/mail/smtp.mailer';
import type { Logger } from '../../adapters/logger';
import { confirmationEmail } from '../../core/identity/emails';
import { DomainError } from '../../core/shared/errors';

interface Received {
  raw: string;
  from: string | undefined;
  to: string[];
}

/** Error and warning calls, kept to check what the adapter logs. */
function recordingLogger() {
  const entries: unknown[][] = [];
  const record = (...args: unknown[]) => void entries.push(args);
  const logger = { error: record, warn: record, info: () => {}, debug: () => {}, trace: () => {}, fatal: record } as unknown as Logger;
  return { logger, entries };
}

// ---- a tiny MIME reader: enough for nodemailer's multipart/alternative output ----

function splitHead(raw: string): [head: Map<string, string>, body: string] {
  const at = raw.indexOf('\r\n\r\n');
  const headText = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) head.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return [head, body];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const soft = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** Headers of the message and the decoded text/plain and text/html parts. */
function parseMessage(raw: string) {
  const [head, body] = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
  const parts: Record<string, string> = {};
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [body];
  for (const chunk of chunks) {
    const [partHead, partBody] = boundary ? splitHead(chunk.replace(/^\r\n/, '')) : [head, body];
    const type = (partHead.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    parts[type] = decodeBody(partBody.replace(/\r\n$/, ''), partHead.get('content-transfer-encoding'));
  }
  return { head, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

// ---- the local SMTP server ----

let smtp: SMTPServer;
let smtpPort: number;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@recusado.test')) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        inbox.push({ raw: Buffer.concat(chunks).toString('utf8'), from, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('SmtpMailer', () => {
  it('delivers the confirmation e-mail and the exact link arrives in the text and HTML parts', async () => {
    const link = 'http://localhost:3000/confirmar-email?token=Zx9_-aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ&origem=email';
    const { logger, entries } = recordingLogger();
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Turma <nao-responda@turma.test>', logger });
    try {
      await mailer.send(confirmationEmail({ to: 'joana.silva@turma.test', name: 'Joana Silva', link }));
    } finally {
      mailer.close();
    }

    expect(entries).toEqual([]);
    const received = inbox.find((m) => m.to.includes('joana.silva@turma.test'));
    expect(received).toBeDefined();
    expect(received!.from).toBe('nao-responda@turma.test');

    const message = parseMessage(received!.raw);
    expect(message.head.get('subject')).toBe('Confirme seu e-mail na Turma');
    expect(message.head.get('from')).toBe('Turma <nao-responda@turma.test>');
    expect(message.head.get('to')).toBe('joana.silva@turma.test');
    expect(message.head.get('x-turma-template')).toBe('email_confirmation');

    expect(message.text).toContain('Olá, Joana!');
    // The link as a line of its own, byte for byte (QP soft breaks and =3D decoded).
    expect(message.text.split(/\r?\n/)).toContain(link);
    expect(message.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(message.html).toContain('Confirmar meu e-mail');
  });

  it('turns a refused recipient into mail_unavailable and logs no link', async () => {
    const { logger, entries } = recordingLogger();
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'nao-responda@turma.test', logger });
    const sending = mailer.send(confirmationEmail({ to: 'ninguem@recusado.test', name: 'N', link: 'https://turma.example/c?token=segredo123' }));
    await expect(sending).rejects.toMatchObject({ kind: 'unavailable', code: 'mail_unavailable' });
    mailer.close();
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).toContain('550');
    expect(JSON.stringify(entries)).not.toContain('segredo123');
  });

  it('answers mail_unavailable quickly when nothing listens on the port', async () => {
    // A port that was free a moment ago: connecting is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const address = probe.address();
    const closedPort = typeof address === 'object' && address ? address.port : 1;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const { logger, entries } = recordingLogger();
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${closedPort}`, from: 'nao-responda@turma.test', logger });
    const started = Date.now();
    const error = await mailer
      .send(confirmationEmail({ to: 'a@turma.test', name: 'A', link: 'https://turma.example/c?token=x' }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    mailer.close();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      code: 'mail_unavailable',
      message: 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(entries).toHaveLength(1);
  });

  it('gives up on a server that accepts the connection but never greets, within the timeout', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket); // accepted, never answered
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 1;
    try {
      const { logger } = recordingLogger();
      const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'nao-responda@turma.test', logger, timeoutMs: 400 });
      const started = Date.now();
      await expect(
        mailer.send(confirmationEmail({ to: 'a@turma.test', name: 'A', link: 'https://turma.example/c?token=x' })),
      ).rejects.toMatchObject({ code: 'mail_unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
      mailer.close();
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('waits about 10 s by default before giving up on a silent server', () => {
    const { logger } = recordingLogger();
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:2525', from: 'x@turma.test', logger });
    // The options the transport is made with (on the first message); a regression to nodemailer's defaults (30 s–10 min) shows here.
    const options = (mailer as unknown as { transportOptions: Record<string, unknown> }).transportOptions;
    expect(options).toMatchObject({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 });
    mailer.close();
  });
});
