// Explicit inversify tokens (symbols, no decorator metadata) so tsx, esbuild, vite and vitest run the code unchanged.
export const TOKENS = {
  Config: Symbol.for('turma.Config'),
  Logger: Symbol.for('turma.Logger'),
  Database: Symbol.for('turma.Database'),
  Readiness: Symbol.for('turma.Readiness'),
  /** Prometheus metrics of this instance (adapters/observability/metrics.ts). */
  Metrics: Symbol.for('turma.Metrics'),
  Clock: Symbol.for('turma.Clock'),
  UnitOfWork: Symbol.for('turma.UnitOfWork'),
  PasswordHasher: Symbol.for('turma.PasswordHasher'),
  SecretTokens: Symbol.for('turma.SecretTokens'),
  Mailer: Symbol.for('turma.Mailer'),
  OutboxReader: Symbol.for('turma.OutboxReader'),
  RateLimiter: Symbol.for('turma.RateLimiter'),
  AuthService: Symbol.for('turma.AuthService'),
  AccountService: Symbol.for('turma.AccountService'),
  UserAdminService: Symbol.for('turma.UserAdminService'),
  /** The admin second factor (core/identity/two-factor.service.ts). */
  TwoFactorService: Symbol.for('turma.TwoFactorService'),
  TotpProvider: Symbol.for('turma.TotpProvider'),
  GroupService: Symbol.for('turma.GroupService'),
  /** Campaigns: back office, the public offer (core/campaigns); bonuses are paid by core/flows/campaign-bonus.flow.ts. */
  CampaignService: Symbol.for('turma.CampaignService'),
  PaymentService: Symbol.for('turma.PaymentService'),
  NotificationService: Symbol.for('turma.NotificationService'),
  /** The job queue (pg-boss): enqueue inside a transaction, workers, cron schedules, status for the CLI and back office. */
  JobQueue: Symbol.for('turma.JobQueue'),
  AuditLogService: Symbol.for('turma.AuditLogService'),
  PlanCatalogService: Symbol.for('turma.PlanCatalogService'),
  AddressLookup: Symbol.for('turma.AddressLookup'),
  Geocoder: Symbol.for('turma.Geocoder'),
  AddressService: Symbol.for('turma.AddressService'),
  PaymentGateway: Symbol.for('turma.PaymentGateway'),
  /** Bound only when the sandbox provider serves payments (its simulatePayment backs the confirm route). */
  SandboxGateway: Symbol.for('turma.SandboxGateway'),
  FileStorage: Symbol.for('turma.FileStorage'),
  ImageProcessor: Symbol.for('turma.ImageProcessor'),
  /** The catalogue's read cache; also the CatalogChanges port the marketplace services tell about writes. */
  CatalogCache: Symbol.for('turma.CatalogCache'),
  /** The public plan list's read cache; the CatalogChanges port the plan service tells about writes. */
  PlanCache: Symbol.for('turma.PlanCache'),
  ProductService: Symbol.for('turma.ProductService'),
  ProductAdminService: Symbol.for('turma.ProductAdminService'),
  PlanCategoryAdminService: Symbol.for('turma.PlanCategoryAdminService'),
  CartService: Symbol.for('turma.CartService'),
  OrderService: Symbol.for('turma.OrderService'),
  /** Labels bought and parcels followed (core/marketplace/order-parcel.service.ts) over the ShippingLabels port. */
  OrderParcelService: Symbol.for('turma.OrderParcelService'),
  ShippingLabels: Symbol.for('turma.ShippingLabels'),
  /** Refunds of one order line (core/marketplace/order-line-refund.service.ts). */
  OrderLineRefundService: Symbol.for('turma.OrderLineRefundService'),
  /** The ShippingQuote port (Melhor Envio or the embedded table) and the freight quotes over it. */
  ShippingQuote: Symbol.for('turma.ShippingQuote'),
  ShippingService: Symbol.for('turma.ShippingService'),
  /** Keyset-paged reads behind the back office's streamed CSV exports. */
  AdminExports: Symbol.for('turma.AdminExports'),
  Reports: Symbol.for('turma.Reports'),
  /** Live notification events of this process (the bell's stream), fed by the database's NOTIFY. */
  NotificationFeed: Symbol.for('turma.NotificationFeed'),
  WalletService: Symbol.for('turma.WalletService'),
  ExpireGroupsFlow: Symbol.for('turma.ExpireGroupsFlow'),
  /** The member's withdrawal from a group purchase, CDC art. 49 (core/flows/withdrawal.flow.ts). */
  WithdrawalFlow: Symbol.for('turma.WithdrawalFlow'),
  /** Product plans shipped as orders. */
  PlanOrderFlow: Symbol.for('turma.PlanOrderFlow'),
  /** The back office's groups: list, detail with members and payments (core/flows/group-admin.flow.ts). */
  GroupAdminFlow: Symbol.for('turma.GroupAdminFlow'),
  ProfessionalService: Symbol.for('turma.ProfessionalService'),
  // Influencers and referral attribution.
  InfluencerService: Symbol.for('turma.InfluencerService'),
  ReferralService: Symbol.for('turma.ReferralService'),
  InfluencerApplicationFlow: Symbol.for('turma.InfluencerApplicationFlow'),
  ProfessionalPhotoService: Symbol.for('turma.ProfessionalPhotoService'),
  ReviewModerationService: Symbol.for('turma.ReviewModerationService'),
  RedeemVoucherFlow: Symbol.for('turma.RedeemVoucherFlow'),
  MyVouchersFlow: Symbol.for('turma.MyVouchersFlow'),
  GroupEscrowService: Symbol.for('turma.GroupEscrowService'),
  ExportMyDataFlow: Symbol.for('turma.ExportMyDataFlow'),
  /** Deleting an account after resolving what is open (core/flows/account-deletion.flow.ts). */
  AccountDeletionFlow: Symbol.for('turma.AccountDeletionFlow'),
  /** Receipts of confirmed payments (core/flows/payment-receipt.flow.ts). */
  PaymentReceiptFlow: Symbol.for('turma.PaymentReceiptFlow'),
  /** Payouts to professionals: maturing receivables, runs, PIX transfers and their webhooks (core/flows/payout.flow.ts). */
  PayoutFlow: Symbol.for('turma.PayoutFlow'),
  /** The theme A/B experiment's tracking and the back office's analytics (core/experiments). */
  ExperimentService: Symbol.for('turma.ExperimentService'),
  /** Influencer commissions: the influencer's dashboard and the back office's commissions panel (core/flows/commission.flow.ts). */
  InfluencerDashboardFlow: Symbol.for('turma.InfluencerDashboardFlow'),
  /** A person's message choices (core/messaging): asked by every sender before each WhatsApp or push message. */
  MessagePreferences: Symbol.for('turma.MessagePreferences'),
  /** The log of messages on outside channels (WhatsApp, push) and their delivery statuses. */
  MessageLog: Symbol.for('turma.MessageLog'),
  /** Whether a person has a web push subscription (the push adapter rebinds it; false until then). */
  PushSubscriptionsProbe: Symbol.for('turma.PushSubscriptionsProbe'),
  /** The terms and privacy versions and who accepted which (core/legal). */
  LegalService: Symbol.for('turma.LegalService'),
  /** Web push: browsers' subscriptions and the push.send job (core/messaging/push.service.ts). */
  PushService: Symbol.for('turma.PushService'),
  /** The service-invoice (NFS-e) provider: Asaas's invoices or the sandbox's (follows PAYMENT_PROVIDER). */
  ServiceInvoiceProvider: Symbol.for('turma.ServiceInvoiceProvider'),
  /** Service invoices' use cases: the issue and cancel jobs, INVOICE_* events, reconcile, the operator's retry. */
  ServiceInvoiceService: Symbol.for('turma.ServiceInvoiceService'),
  /** Goods invoices (NF-e) of marketplace sales: the use cases and the provider behind the GoodsInvoice port. */
  GoodsInvoiceService: Symbol.for('turma.GoodsInvoiceService'),
  GoodsInvoice: Symbol.for('turma.GoodsInvoice'),
  /** The WhatsApp port: the Cloud API, the development outbox or off (WHATSAPP_PROVIDER). */
  Messenger: Symbol.for('turma.Messenger'),
  /** WhatsApp's use cases: the send and opt-in jobs, the webhook's statuses and replies (core/messaging/whatsapp.service.ts). */
  WhatsappService: Symbol.for('turma.WhatsappService'),
  /** The back office's reads of the message log (core/messaging/message-log-admin.ts). */
  MessageLogAdmin: Symbol.for('turma.MessageLogAdmin'),
} as const;
