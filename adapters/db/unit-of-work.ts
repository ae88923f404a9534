// The UnitOfWork port on knex: repositories bound to one transaction, or to the root handle for single reads.
import type { Knex } from 'knex';
import type { Repositories } from '../../core/ports/repositories';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { KnexAuditLogRepository } from './repos/audit.repo';
import {
  KnexAuthTokenRepository,
  KnexProfileRepository,
  KnexReferralRepository,
  KnexSessionRepository,
  KnexUserRepository,
} from './repos/identity.repos';
import { KnexPlanRepository } from './repos/plans.repo';
import {
  KnexGroupRepository,
  KnexMemberRepository,
  KnexNotificationRepository,
  KnexPaymentEventRepository,
  KnexPaymentRepository,
  KnexVoucherRepository,
  KnexWalletRepository,
} from './repos/groups.repos';
import { KnexCartRepository, KnexOrderRepository, KnexProductRepository } from './repos/marketplace.repos';

export function makeRepositories(db: Knex): Repositories {
  return {
    users: new KnexUserRepository(db),
    profiles: new KnexProfileRepository(db),
    sessions: new KnexSessionRepository(db),
    authTokens: new KnexAuthTokenRepository(db),
    referrals: new KnexReferralRepository(db),
    audit: new KnexAuditLogRepository(db),
    plans: new KnexPlanRepository(db),
    groups: new KnexGroupRepository(db),
    members: new KnexMemberRepository(db),
    vouchers: new KnexVoucherRepository(db),
    payments: new KnexPaymentRepository(db),
    paymentEvents: new KnexPaymentEventRepository(db),
    notifications: new KnexNotificationRepository(db),
    wallet: new KnexWalletRepository(db),
    products: new KnexProductRepository(db),
    cart: new KnexCartRepository(db),
    orders: new KnexOrderRepository(db),
  };
}

export class KnexUnitOfWork implements UnitOfWork {
  readonly repos: Repositories;

  constructor(private readonly knex: Knex) {
    this.repos = makeRepositories(knex);
  }

  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.knex.transaction((trx) => work(makeRepositories(trx)));
  }
}
