// The embedded mailer (SMTP_URL unset): keeps every message in mail_outbox and prints its links to the console.
import type { Knex } from 'knex';
import type { Mailer, MailMessage } from '../../core/ports/mailer';
import { findLinks } from './links';

export interface OutboxMailerOptions {
  /** Where the one-line notice goes (default console.log); a no-op keeps test output quiet. */
  print?: (line: string) => void;
  /** Print the links themselves (they carry single-use tokens: off in production, where logs travel). */
  showLinks?: boolean;
  /** Appended to the notice so a newcomer knows where to read the whole message (e.g. http://localhost:3000/dev/mailbox). */
  mailboxUrl?: string;
}

export class OutboxMailer implements Mailer {
  private readonly print: (line: string) => void;
  private readonly showLinks: boolean;
  private readonly mailboxUrl: string | undefined;

  /**
   * `knex` must be the root handle, not a transaction: PGlite has one connection, so the core sends mail
   * only after its unit of work commits, and this insert then runs on its own.
   */
  constructor(
    private readonly knex: Knex,
    options: OutboxMailerOptions = {},
  ) {
    this.print = options.print ?? ((line) => console.log(line));
    this.showLinks = options.showLinks ?? true;
    this.mailboxUrl = options.mailboxUrl;
  }

  async send(message: MailMessage): Promise<void> {
    await this.knex('mail_outbox').insert({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      template: message.template,
    });
    const links = this.showLinks ? findLinks(message.text) : [];
    const parts = [`✉ e-mail para ${message.to}: "${message.subject}"`];
    if (links.length) parts.push(links.join(' '));
    if (this.mailboxUrl) parts.push(`(caixa de saída: ${this.mailboxUrl})`);
    // One line, whatever the subject holds, so a terminal or log viewer shows it whole.
    this.print(parts.join(' — ').replace(/[\r\n]+/g, ' '));
  }
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  created_at: Date;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  created_at: Date | string;
}

const toMessage = (r: OutboxRow): OutboxMessage => ({
  id: r.id,
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  template: r.template,
  created_at: new Date(r.created_at),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the outbox for the development pages (/dev/mailbox, /api/dev/outbox). */
export class OutboxReader {
  static readonly MAX_LIMIT = 50;

  constructor(private readonly knex: Knex) {}

  /** Newest first, at most 50; `to` matches the recipient exactly, ignoring case (citext). `total` counts every match. */
  async list(filter: { to?: string | undefined; limit?: number } = {}): Promise<{ items: OutboxMessage[]; total: number }> {
    const limit = Math.min(Math.max(filter.limit ?? OutboxReader.MAX_LIMIT, 1), OutboxReader.MAX_LIMIT);
    const base = () => {
      const q = this.knex<OutboxRow>('mail_outbox');
      if (filter.to) q.where('to_address', filter.to);
      return q;
    };
    const [rows, countRow] = await Promise.all([
      base().select('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit),
      base().count<{ count: number | string }[]>({ count: '*' }).first(),
    ]);
    return { items: (rows as OutboxRow[]).map(toMessage), total: Number(countRow?.count ?? 0) };
  }

  async get(id: string): Promise<OutboxMessage | null> {
    if (!UUID.test(id)) return null;
    const row = await this.knex<OutboxRow>('mail_outbox').where({ id }).first();
    return row ? toMessage(row as OutboxRow) : null;
  }
}
