// WhatsApp's pure rules: the order of delivery statuses (a late or repeated one never moves a message back) and the
// replies that turn the channel off.
import type { MessageStatus } from './ports';

const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1 };

/** The statuses a message may be in for `to` to apply: forward only; failed only before delivery. */
export function statusesBefore(to: MessageStatus): MessageStatus[] {
  if (to === 'failed') return ['queued', 'sent'];
  if (to === 'queued') return [];
  return (Object.keys(RANK) as MessageStatus[]).filter((s) => s !== 'failed' && RANK[s] < RANK[to]);
}

/** Whether a message in `from` may move to `to`. */
export const canMoveMessage = (from: MessageStatus, to: MessageStatus) => statusesBefore(to).includes(from);

/** The words that stop WhatsApp messages, compared without case, accents or punctuation around them. */
export const STOP_WORDS = ['parar', 'sair'] as const;

/** "PARAR", "Sair!", " párar " → true; "não quero parar agora" → false (the whole reply must be the word). */
export function isStopReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return (STOP_WORDS as readonly string[]).includes(word);
}
