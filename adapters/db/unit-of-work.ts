// The UnitOfWork port on knex: every module's repositories bound to one transaction (or to the root handle for single
// reads), plus the job queue bound to the same transaction. Jobs enqueued in a transaction are dispatched right after
// it commits (e-mails leave at once); if that fails they stay queued and the workers retry them with backoff.
import type { Knex } from 'knex';
import type { Tx, UnitOfWork } from '../../core/ports/unit-of-work';
import type { AuditScope } from '../../core/audit';
import type { CampaignsScope } from '../../core/campaigns';
import type { CatalogScope } from '../../core/catalog';
import type { ExperimentsScope } from '../../core/experiments';
import type { GroupsScope } from '../../core/groups';
import type { IdentityScope } from '../../core/identity';
import type { InfluencersScope } from '../../core/influencers';
import type { MarketplaceScope } from '../../core/marketplace';
import type { NotificationsScope } from '../../core/notifications';
import type { MessagingScope } from '../../core/messaging/ports';
import type { LegalScope } from '../../core/legal/ports';
import type { PushScope } from '../../core/messaging/push-ports';
import type { PaymentsScope } from '../../core/payments';
import type { ProfessionalsScope } from '../../core/professionals';
import type { ReferralsScope } from '../../core/referrals';
import type { WalletScope } from '../../core/wallet';
import type { GoodsInvoicesScope } from '../../core/goods-invoices/ports';
import type { ServiceInvoicesScope } from '../../core/service-invoices/ports';
import type { JobQueue } from '../../core/ports/job-queue';
import { KnexAuditLogRepository } from './repos/audit.repo';
import {
  KnexAuthTokenRepository,
  KnexProfileRepository,
  KnexSessionRepository,
  KnexUserRepository,
} from './repos/identity.repos';
import { KnexPlanRepository } from './repos/plans.repo';
import { KnexGroupRepository, KnexMemberRepository, KnexVoucherRepository } from './repos/groups.repos';
import { KnexPaymentEventRepository, KnexPaymentRepository } from './repos/payments.repos';
import { KnexNotificationRepository } from './repos/notifications.repos';
import { KnexWalletRepository } from './repos/wallet.repos';
import { KnexReferralRepository } from './repos/referrals.repos';
import { KnexCartRepository, KnexOrderRepository, KnexProductRepository } from './repos/marketplace.repos';
import { KnexOrderShipmentRepository } from './repos/order-shipments.repo';
import { KnexPlanOrderRepository } from './repos/plan-orders.repo';
import { KnexProfessionalRepository, KnexReceivableRepository, KnexReviewRepository } from './repos/professionals.repos';
import { KnexProfessionalPhotoRepository } from './repos/professional-photos.repos';
import { KnexPayoutRepository } from './repos/payouts.repos';
import { KnexCampaignBonusRepository, KnexCampaignRepository } from './repos/campaigns.repos';
import { KnexCommissionRepository } from './repos/commissions.repos';
import { KnexInfluencerRepository, KnexReferralClickRepository } from './repos/influencers.repos';
import { KnexExperimentRepository } from './repos/experiments.repo';
import { KnexPlanCategoryAdminRepository, KnexProductAdminRepository } from './repos/catalogue-admin.repos';
import { KnexOrderLineRefundRepository } from './repos/order-line-refunds.repo';
import { KnexProductUploadRepository } from './repos/product-uploads.repo';
import { KnexServiceInvoiceRepository } from './repos/service-invoices.repos';
import { KnexGoodsInvoiceRepository } from './repos/goods-invoices.repo';
import { KnexMessageLog, KnexMessagePreferenceRepository, KnexWhatsappOptinRepository } from './repos/messaging.repos';
import { KnexLegalRepository } from './repos/legal.repo';
import { KnexPushSubscriptionRepository } from './repos/push-subscriptions.repo';

/** What the unit of work needs of the job queue adapter. */
export interface TransactionalJobs {
  /** A JobQueue whose enqueues are stored in `trx`; `jobs` names the queue of each job it stored. */
  forTransaction(trx: Knex.Transaction): JobQueue & { readonly jobs: readonly string[] };
  /** Processes, now (after a commit), one due job per name given; never throws. */
  dispatch(names: Iterable<string>): Promise<void>;
}

/** Every module's repositories: the one set that satisfies every use case's scope. */
export type Repositories = IdentityScope &
  ReferralsScope &
  InfluencersScope &
  AuditScope &
  CatalogScope &
  GroupsScope &
  PaymentsScope &
  NotificationsScope &
  WalletScope &
  MarketplaceScope &
  ProfessionalsScope &
  CampaignsScope &
  ExperimentsScope &
  PushScope &
  ServiceInvoicesScope &
  MessagingScope &
  LegalScope &
  GoodsInvoicesScope;

/** The unit of work the container hands to every service and flow (each sees only the scopes it declares). */
export type AppUnitOfWork = UnitOfWork<Repositories>;

/** `onNotification`: told each new notification's id inside the transaction that stores it. */
export function makeRepositories(db: Knex, onNotification?: (id: string) => Promise<void>): Repositories {
  return {
    identity: {
      users: new KnexUserRepository(db),
      profiles: new KnexProfileRepository(db),
      sessions: new KnexSessionRepository(db),
      authTokens: new KnexAuthTokenRepository(db),
    },
    referrals: new KnexReferralRepository(db),
    referralClicks: new KnexReferralClickRepository(db),
    influencers: new KnexInfluencerRepository(db),
    audit: new KnexAuditLogRepository(db),
    catalog: { plans: new KnexPlanRepository(db), categories: new KnexPlanCategoryAdminRepository(db) },
    groups: { groups: new KnexGroupRepository(db), members: new KnexMemberRepository(db), vouchers: new KnexVoucherRepository(db) },
    payments: { payments: new KnexPaymentRepository(db), events: new KnexPaymentEventRepository(db) },
    notifications: new KnexNotificationRepository(db, onNotification),
    wallet: new KnexWalletRepository(db),
    marketplace: { products: new KnexProductRepository(db), cart: new KnexCartRepository(db), orders: new KnexOrderRepository(db), admin: new KnexProductAdminRepository(db), lineRefunds: new KnexOrderLineRefundRepository(db), uploads: new KnexProductUploadRepository(db), planOrders: new KnexPlanOrderRepository(db), shipments: new KnexOrderShipmentRepository(db) },
    professionals: { professionals: new KnexProfessionalRepository(db), photos: new KnexProfessionalPhotoRepository(db), receivables: new KnexReceivableRepository(db), reviews: new KnexReviewRepository(db), payouts: new KnexPayoutRepository(db) },
    campaigns: { campaigns: new KnexCampaignRepository(db), bonuses: new KnexCampaignBonusRepository(db) },
    commissions: new KnexCommissionRepository(db),
    pushSubscriptions: new KnexPushSubscriptionRepository(db),
    experiments: new KnexExperimentRepository(db),
    serviceInvoices: { invoices: new KnexServiceInvoiceRepository(db) },
    goodsInvoices: new KnexGoodsInvoiceRepository(db),
    messaging: { preferences: new KnexMessagePreferenceRepository(db), whatsapp: new KnexWhatsappOptinRepository(db), log: new KnexMessageLog(db) },
    legal: new KnexLegalRepository(db),
  };
}

export class KnexUnitOfWork implements AppUnitOfWork {
  readonly repos: Repositories;

  constructor(
    private readonly knex: Knex,
    private readonly jobs: () => TransactionalJobs,
  ) {
    this.repos = makeRepositories(knex);
  }

  async run<T>(work: (tx: Tx<Repositories>) => Promise<T>): Promise<T> {
    let enqueued: readonly string[] = [];
    const result = await this.knex.transaction((trx) => {
      const jobs = this.jobs().forTransaction(trx);
      enqueued = jobs.jobs;
      // Every new notification's fan-out to WhatsApp and push is enqueued in the transaction that stores it.
      return work({ ...makeRepositories(trx, (id) => jobs.enqueue('messages.fanout', { notification_id: id })), jobs });
    });
    if (enqueued.length) await this.jobs().dispatch(enqueued);
    return result;
  }
}
