// The mail port: the core hands over a rendered message; adapters deliver it (SMTP) or keep it (outbox).
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short tag naming the template, kept with the message (e.g. `email_confirmation`). */
  template: string;
  /**
   * Whose choice governs it: the e-mail about a person's purchases is skipped at send time when they turned e-mail off
   * for that kind of message (the messaging module's categories). Account and security e-mails have none: always sent.
   */
  audience?: { user_id: string; category: 'transactional' | 'vouchers' | 'marketing' };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module './job-queue' {
  interface JobPayloads {
    /** Every e-mail leaves through the queue: enqueued with the change that causes it, retried with backoff. */
    'mail.send': MailMessage;
  }
}
