// E-mails about a person's purchases carry whose choice governs them; the mail job asks that choice at send time
// (docs/product/messaging.md), so turning e-mail off for a kind of message stops the next one.
import type { MailMessage } from '../ports/mailer';
import type { MessageCategory } from './categories';

export function toPerson(message: MailMessage, userId: string, category: MessageCategory = 'transactional'): MailMessage {
  return { ...message, audience: { user_id: userId, category } };
}
