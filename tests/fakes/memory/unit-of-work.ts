// The unit of work in memory: every module's repository fakes over one MemoryDb. `run` commits by keeping the changes
// and rolls back by restoring the snapshot taken when it began; jobs enqueued in a run are kept only if it commits.
import type { EnqueueOptions, JobName, JobPayloads, JobQueue } from '../../../core/ports/job-queue';
import type { Tx, UnitOfWork } from '../../../core/ports/unit-of-work';
import type { AuditScope } from '../../../core/audit/ports';
import type { CampaignsScope } from '../../../core/campaigns/ports';
import type { CatalogScope } from '../../../core/catalog/ports';
import type { ExperimentsScope } from '../../../core/experiments/ports';
import type { GroupsScope } from '../../../core/groups/ports';
import type { IdentityScope } from '../../../core/identity/ports';
import type { InfluencersScope } from '../../../core/influencers/ports';
import type { MarketplaceScope } from '../../../core/marketplace/ports';
import type { NotificationsScope } from '../../../core/notifications/ports';
import type { PaymentsScope } from '../../../core/payments/ports';
import type { ProfessionalsScope } from '../../../core/professionals/ports';
import type { WalletScope } from '../../../core/wallet/ports';
import type { MessagingScope } from '../../../core/messaging/ports';
import type { ServiceInvoicesScope } from '../../../core/service-invoices/ports';
import { MemoryDb } from './db';
import { auditFake } from './audit';
import { campaignsFake } from './campaigns';
import { catalogFake } from './catalog';
import { experimentsFake } from './experiments';
import { groupsFake } from './groups';
import { identityFake } from './identity';
import { influencersFake } from './influencers';
import { marketplaceFake } from './marketplace';
import { notificationsFake } from './notifications';
import { paymentsFake } from './payments';
import { professionalsFake } from './professionals';
import { walletFake } from './wallet';
import { pushFake } from './push';
import type { PushScope } from '../../../core/messaging/push-ports';
import { messagingFake } from './messaging';
import { serviceInvoicesFake } from './service-invoices';

/** The scopes faked here (referrals' own tables are not: commissions read the referral through `db.referrals`). */
export type MemoryScopes = AuditScope &
  MessagingScope &
  CampaignsScope &
  CatalogScope &
  ExperimentsScope &
  GroupsScope &
  IdentityScope &
  InfluencersScope &
  MarketplaceScope &
  NotificationsScope &
  PaymentsScope &
  ProfessionalsScope &
  WalletScope &
  ServiceInvoicesScope &
  PushScope;

export interface RecordedJob {
  name: JobName;
  data: unknown;
  options?: EnqueueOptions;
}

export function memoryRepositories(db: MemoryDb): MemoryScopes {
  return {
    ...auditFake(db),
    ...campaignsFake(db),
    ...catalogFake(db),
    ...experimentsFake(db),
    ...groupsFake(db),
    ...identityFake(db),
    ...influencersFake(db),
    ...marketplaceFake(db),
    ...notificationsFake(db),
    ...paymentsFake(db),
    ...professionalsFake(db),
    ...walletFake(db),
    ...pushFake(db),
    ...messagingFake(db),
    ...serviceInvoicesFake(db),
  };
}

export class MemoryUnitOfWork implements UnitOfWork<MemoryScopes> {
  readonly repos: MemoryScopes;
  /** Jobs of committed runs, in order (a singleton key keeps one queued job per name and key, as pg-boss does). */
  readonly jobs: RecordedJob[] = [];
  /** Runs that threw and were rolled back. */
  rollbacks = 0;

  /** `fanout`: a new notification enqueues `messages.fanout` in its transaction, as the Knex unit of work does. */
  constructor(
    readonly db: MemoryDb = new MemoryDb(),
    private readonly options: { fanout?: boolean } = {},
  ) {
    this.repos = memoryRepositories(db);
  }

  async run<T>(work: (tx: Tx<MemoryScopes>) => Promise<T>): Promise<T> {
    const rollback = this.db.snapshot();
    const pending: RecordedJob[] = [];
    const queue: JobQueue = {
      enqueue: async <N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions) => {
        const key = options?.singletonKey;
        const queued = (j: RecordedJob) => j.name === name && key !== undefined && j.options?.singletonKey === key;
        if (!pending.some(queued) && !this.jobs.some(queued)) pending.push({ name, data, options });
      },
    };
    try {
      const notifications = this.options.fanout ? withFanout(this.repos.notifications, this.db, queue) : this.repos.notifications;
      const result = await work({ ...this.repos, notifications, jobs: queue });
      this.jobs.push(...pending);
      return result;
    } catch (error) {
      rollback();
      this.rollbacks++;
      throw error;
    }
  }

  /** The committed jobs named `name`, with their payloads. */
  jobsNamed<N extends JobName>(name: N): Array<JobPayloads[N]> {
    return this.jobs.filter((j) => j.name === name).map((j) => j.data as JobPayloads[N]);
  }

  /** A transaction for calling a flow step directly (`settle`, `completeGroup`), committed when `work` resolves. */
  tx<T>(work: (tx: Tx<MemoryScopes>) => Promise<T>): Promise<T> {
    return this.run(work);
  }
}

/** The notifications repository that enqueues each new row's fan-out (adapters/db/unit-of-work.ts does the same). */
function withFanout(repo: MemoryScopes['notifications'], db: MemoryDb, jobs: JobQueue): MemoryScopes['notifications'] {
  return new Proxy(repo, {
    get(target, prop, receiver) {
      if (prop !== 'create') return Reflect.get(target, prop, receiver);
      return async (n: Parameters<typeof repo.create>[0]) => {
        if (!(await target.create(n))) return false;
        const row = db.notifications.all().at(-1)!;
        await jobs.enqueue('messages.fanout', { notification_id: row.id });
        return true;
      };
    },
  });
}
