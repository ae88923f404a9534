// Who is watching whose notifications in this process (the bell's live stream), fed by the database's NOTIFY on
// `turma_notifications` (see migration 0900): every instance hears every commit, so a payment confirmed by a webhook on
// one instance updates a bell connected to another.
import { DomainError } from '../../core/shared/errors';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

export const NOTIFICATIONS_CHANNEL = 'turma_notifications';

/** Open streams one user may hold in this process (tabs and devices); each is a socket kept open. */
export const MAX_STREAMS_PER_USER = 10;

type Watcher = () => void;

export class NotificationFeed {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly enders = new Set<() => void>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** Calls `watcher` after each commit that changed `userId`'s notifications. Returns the unsubscribe. */
  async watch(userId: string, watcher: Watcher): Promise<() => void> {
    if (this.closed) throw new Error('notification feed closed');
    this.listening ??= this.database.listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => this.announce(payload),
      // Events may have been missed while the connection was down: everyone re-reads.
      () => {
        for (const set of this.watchers.values()) for (const w of set) w();
      },
    );
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
    let set = this.watchers.get(userId);
    if (!set) this.watchers.set(userId, (set = new Set()));
    if (set.size >= MAX_STREAMS_PER_USER) {
      throw new DomainError('rate_limited', 'too_many_streams', 'Muitas abas abertas recebendo notificações. Feche algumas e tente novamente.', {
        details: { retry_after_seconds: 30 },
      });
    }
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(userId) === set) this.watchers.delete(userId);
    };
  }

  /** How many streams are open (for logs and tests). */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  private announce(userId: string) {
    const set = this.watchers.get(userId);
    if (!set) return;
    for (const watcher of set) {
      try {
        watcher();
      } catch (err) {
        this.logger.warn({ err }, 'notification watcher failed');
      }
    }
  }

  /** Registers what ends a stream at shutdown. Returns the unregister. */
  onClose(end: () => void): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  /** At shutdown: ends every stream and stops listening (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    for (const end of [...this.enders]) end();
    this.enders.clear();
    this.watchers.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
