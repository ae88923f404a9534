// Runs a use case's reads and writes in one transaction without the core knowing the database library. The
// repositories are grouped per module (`tx.groups.members`, `tx.payments.events`, …); `tx.jobs` enqueues side effects
// (e-mails, provider refunds) in the same transaction, so they happen if and only if the change commits.
import type { AuditLogRepository } from '../audit';
import type { CampaignRepositories } from '../campaigns';
import type { CatalogRepositories } from '../catalog';
import type { GroupRepositories } from '../groups';
import type { IdentityRepositories } from '../identity';
import type { MarketplaceRepositories } from '../marketplace';
import type { NotificationRepository } from '../notifications';
import type { PaymentRepositories } from '../payments';
import type { ProfessionalRepositories } from '../professionals';
import type { ReferralClickRepository, ReferralRepository } from '../referrals';
import type { CommissionRepository, InfluencerRepository } from '../influencers';
import type { WalletRepository } from '../wallet';
import type { ExperimentRepository } from '../experiments';
import type { JobQueue } from './job-queue';

/** Every module's repositories, bound to one transaction (inside `run`) or to the root handle (`repos`). */
export interface Repositories {
  identity: IdentityRepositories;
  referrals: ReferralRepository;
  /** Clicks on influencer links. */
  referralClicks: ReferralClickRepository;
  influencers: InfluencerRepository;
  audit: AuditLogRepository;
  catalog: CatalogRepositories;
  groups: GroupRepositories;
  payments: PaymentRepositories;
  notifications: NotificationRepository;
  wallet: WalletRepository;
  marketplace: MarketplaceRepositories;
  professionals: ProfessionalRepositories;
  /** Campaigns and the member-to-member bonuses they paid (core/campaigns). */
  campaigns: CampaignRepositories;
  /** Influencer commissions (core/influencers/commission-ports.ts). */
  commissions: CommissionRepository;
  /** The theme A/B experiment's participants and events (core/experiments). */
  experiments: ExperimentRepository;
}

/** A transaction: the repositories plus the job queue bound to it. */
export interface Tx extends Repositories {
  jobs: JobQueue;
}

export interface UnitOfWork {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Repositories outside any transaction, for single reads. Never use inside `run`. */
  readonly repos: Repositories;
}
