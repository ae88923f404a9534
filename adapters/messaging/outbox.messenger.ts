// The embedded messenger (no WhatsApp account configured): keeps every message in whatsapp_outbox and prints it.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { MessengerError, type Messenger, type TemplateMessage } from '../../core/messaging/messenger';
import { renderTemplate } from '../../core/messaging/whatsapp-templates';

export interface OutboxMessengerOptions {
  /** Where the one-line notice goes (default console.log); a no-op keeps test output quiet. */
  print?: (line: string) => void;
}

export class OutboxMessenger implements Messenger {
  readonly name = 'outbox';
  private readonly print: (line: string) => void;

  /** `knex` must be the root handle: the send job runs outside any unit of work. */
  constructor(
    private readonly knex: Knex,
    options: OutboxMessengerOptions = {},
  ) {
    this.print = options.print ?? ((line) => console.log(line));
  }

  async sendTemplate(message: TemplateMessage): Promise<{ provider_message_id: string }> {
    const id = `wamid.outbox.${randomUUID()}`;
    const body = renderTemplate(message.template, message.parameters);
    await this.knex('whatsapp_outbox').insert({
      to_phone: message.to,
      template: message.template,
      language: message.language,
      parameters: JSON.stringify(message.parameters),
      body,
      provider_message_id: id,
    });
    // One line, whatever the parameters hold, so a terminal or log viewer shows it whole.
    this.print(`🟢 WhatsApp para ${message.to} [${message.template}]: ${body}`.replace(/[\r\n]+/g, ' '));
    return { provider_message_id: id };
  }
}

/** WHATSAPP_PROVIDER=off: every send fails for good, so the job falls back to e-mail at once. */
export class DisabledMessenger implements Messenger {
  readonly name = 'off';
  async sendTemplate(): Promise<{ provider_message_id: string }> {
    throw new MessengerError('permanent', null, 'WhatsApp desligado nesta instalação (WHATSAPP_PROVIDER=off)');
  }
}
