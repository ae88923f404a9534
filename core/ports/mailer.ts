// The mail port: the core hands over a rendered message; adapters deliver it (SMTP) or keep it (outbox).
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short tag naming the template, kept with the message (e.g. `email_confirmation`). */
  template: string;
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
