// Every table the repository fakes keep, in one object a test can read directly to assert the state after a use case.
import type { UserRecord, ProfileRecord } from '../../../core/identity/ports';
import type { PlanCategoryRecord, PlanRecord } from '../../../core/catalog/ports';
import type { GroupRecord, MemberRecord, VoucherRecord } from '../../../core/groups/ports';
import type { PaymentEventRecord, PaymentRecord } from '../../../core/payments/ports';
import type { WalletEntryRecord } from '../../../core/wallet/ports';
import type { NotificationRecord } from '../../../core/notifications/ports';
import type { AuditLogRecord } from '../../../core/audit/ports';
import type { ExperimentEventRecord, ParticipantRecord } from '../../../core/experiments/ports';
import type { CampaignBonusRecord, CampaignRecord } from '../../../core/campaigns/ports';
import type { InfluencerRecord } from '../../../core/influencers/ports';
import type { CommissionRecord } from '../../../core/influencers/commission-ports';
import type { OrderItemRecord, OrderRecord, OrderStatusChangeRecord, ProductRecord } from '../../../core/marketplace/ports';
import type { OrderShipmentRecord, ParcelEventRecord } from '../../../core/marketplace/order-parcel';
import type { ProfessionalRecord, ReceivableRecord } from '../../../core/professionals/ports';
import type { PayoutRecord } from '../../../core/professionals/payout-ports';
import type { ServiceInvoiceRecord } from '../../../core/service-invoices/ports';
import type { MessageLogRecord, MessagePreferenceRow, WhatsappOptinRecord } from '../../../core/messaging/ports';
import type { PushSubscriptionRecord } from '../../../core/messaging/push-ports';
import { Table } from './table';

/** A buyer's referral (the `referrals` table as commissions read it). */
export interface ReferralRow {
  id: string;
  referred_user_id: string;
  influencer_id: string | null;
  self_referral: boolean;
}

export class MemoryDb {
  readonly users: Table<UserRecord>;
  /** Keyed by user_id (id = user_id). */
  readonly profiles: Table<ProfileRecord & { id: string }>;
  readonly planCategories: Table<PlanCategoryRecord>;
  readonly plans: Table<PlanRecord>;
  readonly groups: Table<GroupRecord>;
  readonly members: Table<MemberRecord>;
  readonly vouchers: Table<VoucherRecord>;
  readonly payments: Table<PaymentRecord>;
  readonly paymentEvents: Table<PaymentEventRecord & { event_id: string }>;
  readonly wallet: Table<WalletEntryRecord>;
  readonly notifications: Table<NotificationRecord & { dedupe_key: string | null }>;
  readonly audit: Table<AuditLogRecord>;
  readonly participants: Table<ParticipantRecord>;
  readonly experimentEvents: Table<ExperimentEventRecord>;
  readonly campaigns: Table<CampaignRecord>;
  readonly campaignBonuses: Table<CampaignBonusRecord>;
  readonly influencers: Table<InfluencerRecord>;
  readonly referrals: Table<ReferralRow>;
  readonly commissions: Table<CommissionRecord>;
  readonly products: Table<ProductRecord>;
  readonly orders: Table<OrderRecord>;
  readonly orderItems: Table<OrderItemRecord>;
  readonly orderHistory: Table<OrderStatusChangeRecord>;
  /** id = order_id. */
  readonly shipments: Table<OrderShipmentRecord & { id: string }>;
  readonly parcelEvents: Table<ParcelEventRecord>;
  readonly professionals: Table<ProfessionalRecord>;
  readonly receivables: Table<ReceivableRecord>;
  readonly payouts: Table<PayoutRecord>;
  /** id = `user:category:channel`. */
  readonly messagePreferences: Table<MessagePreferenceRow & { id: string; user_id: string }>;
  /** id = user_id. */
  readonly whatsappOptins: Table<WhatsappOptinRecord & { id: string }>;
  readonly messageLog: Table<MessageLogRecord>;
  readonly pushSubscriptions: Table<PushSubscriptionRecord>;
  readonly serviceInvoices: Table<ServiceInvoiceRecord>;

  /** `now`: the database's clock (`created_at`, `updated_at`); pass the test's clock so rows sort as the flow sees time. */
  constructor(readonly now: () => Date = () => new Date()) {
    const t = <T extends { id: string }>() => new Table<T>(now);
    this.users = t();
    this.profiles = t();
    this.planCategories = t();
    this.plans = t();
    this.groups = t();
    this.members = t();
    this.vouchers = t();
    this.payments = t();
    this.paymentEvents = t();
    this.wallet = t();
    this.notifications = t();
    this.audit = t();
    this.participants = t();
    this.experimentEvents = t();
    this.campaigns = t();
    this.campaignBonuses = t();
    this.influencers = t();
    this.referrals = t();
    this.commissions = t();
    this.products = t();
    this.orders = t();
    this.orderItems = t();
    this.orderHistory = t();
    this.shipments = t();
    this.parcelEvents = t();
    this.professionals = t();
    this.receivables = t();
    this.payouts = t();
    this.messagePreferences = t();
    this.whatsappOptins = t();
    this.messageLog = t();
    this.pushSubscriptions = t();
    this.serviceInvoices = t();
  }

  private tables(): Array<Table<{ id: string }>> {
    return Object.values(this).filter((v): v is Table<{ id: string }> => v instanceof Table);
  }

  /** The whole state, for a rollback. */
  snapshot(): () => void {
    const saved = this.tables().map((table) => [table, table.snapshot()] as const);
    return () => saved.forEach(([table, rows]) => table.restore(rows));
  }
}
