// Delivers mail through an SMTP server (SMTP_URL) with nodemailer; a failure becomes a 503-style DomainError.
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../../core/ports/mailer';
import { DomainError } from '../../core/shared/errors';
import type { Logger } from '../logger';

export interface SmtpMailerOptions {
  /** e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…:465`; credentials may be in the URL. */
  url: string;
  /** The From header of every message (MAIL_FROM). */
  from: string;
  logger: Logger;
  /** Upper bound for connecting, the greeting, DNS and any silent socket (default 10 s). */
  timeoutMs?: number;
}

export const mailUnavailable = () =>
  new DomainError('unavailable', 'mail_unavailable', 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.');

export class SmtpMailer implements Mailer {
  /** Made on the first message: nodemailer is loaded then, not at the server's start. */
  private transport: Promise<Transporter> | null = null;
  private readonly transportOptions: { url: string; connectionTimeout: number; greetingTimeout: number; socketTimeout: number; dnsTimeout: number };
  private readonly from: string;
  private readonly logger: Logger;

  constructor(options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    // Without these a dead or silent server holds the request for minutes (nodemailer's defaults are 30 s to 10 min).
    this.transportOptions = { url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, dnsTimeout: timeout };
    this.from = options.from;
    this.logger = options.logger;
  }

  async send(message: MailMessage): Promise<void> {
    try {
      this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.transportOptions));
      await (await this.transport).sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Turma-Template': message.template },
      });
    } catch (err) {
      const e = err as { code?: string; command?: string; responseCode?: number; message?: string };
      // The message itself is not logged: its links carry single-use tokens.
      this.logger.error(
        { err: { code: e.code, command: e.command, responseCode: e.responseCode, message: e.message }, template: message.template },
        'falha ao enviar e-mail por SMTP',
      );
      throw mailUnavailable();
    }
  }

  /** Closes idle connections (the process can then exit cleanly). */
  close(): void {
    void this.transport?.then((t) => t.close(), () => {});
  }
}
