// The only place that knows which adapter serves which port. Tests build the same container with fakes swapped in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Container } from 'inversify';
import type { Clock } from '../core/shared/clock';
import { systemClock } from '../core/shared/clock';
import type { PasswordHasher, SecretTokens } from '../core/ports/security';
import type { Mailer } from '../core/ports/mailer';
import type { AddressLookup, Geocoder } from '../core/ports/address-lookup';
import type { PaymentGateway } from '../core/ports/payments';
import { AddressService } from '../core/address/address.service';
import { AuthService } from '../core/identity/auth.service';
import { AccountService } from '../core/identity/account.service';
import { UserAdminService } from '../core/identity/user-admin.service';
import { TwoFactorService, type TotpProvider } from '../core/identity/two-factor.service';
import { OtplibTotpProvider } from './security/totp';
import { KnexTwoFactorStore } from './db/repos/two-factor.repo';
import { GroupService } from '../core/groups/group.service';
import { PaymentService } from '../core/payments/payment.service';
import { NotificationService } from '../core/notifications/notifications';
import { MessagePreferenceService } from '../core/messaging/preferences.service';
import { PushService } from '../core/messaging/push.service';
import { generateVapidKeys, WebPushSender } from './messaging/web-push.sender';
import type { MessageLog, PushSubscriptionsProbe } from '../core/messaging/ports';
import { LegalService } from '../core/legal/legal.service';
import type { Tx } from '../core/ports/unit-of-work';
import type { ImageProcessor } from '../core/ports/image';
import type { FileStorage } from '../core/ports/storage';
import { ProductService } from '../core/marketplace/product.service';
import { ProductAdminService } from '../core/marketplace/product-admin';
import { PlanCategoryAdminService } from '../core/catalog/plan-category-admin';
import { CartService } from '../core/marketplace/cart.service';
import { OrderService } from '../core/marketplace/order.service';
import { OrderLineRefundService } from '../core/marketplace/order-line-refund.service';
import { ShippingService, type ShippingLabels, type ShippingQuote } from '../core/shipping';
import { TableShippingQuote } from './shipping/table.shipping';
import { FallbackShippingQuote, MelhorEnvioShippingQuote } from './shipping/melhor-envio.shipping';
import { MelhorEnvioLabels } from './shipping/melhor-envio.labels';
import { TableShippingLabels } from './shipping/table.labels';
import { OrderParcelService } from '../core/marketplace/order-parcel.service';
import { KnexAdminExports } from './db/repos/admin-exports.repo';
import { KnexReports } from './db/repos/reports.repo';
import { GoodsInvoiceService, type GoodsInvoice } from '../core/goods-invoices';
import { FocusNfeGoodsInvoice } from './goods-invoices/focus-nfe.goods-invoice';
import { SandboxGoodsInvoice } from './goods-invoices/sandbox.goods-invoice';
import { GroupAdminFlow } from '../core/flows/group-admin.flow';
import { CampaignService } from '../core/campaigns';
import { ExpireGroupsFlow, orderStatusHooks, paymentPurposes, PlanOrderFlow, WithdrawalFlow } from '../core/flows';
import type { AppUnitOfWork, Repositories, TransactionalJobs } from './db/unit-of-work';
import { createFileStore } from './storage/file-store';
import { CatalogCache } from './http/catalog-cache';
import { NotificationFeed } from './notifications/notification-feed';
import { JOBS_SCHEMA, PgBossJobQueue } from './jobs/pg-boss.queue';
import { jobDefinitions } from './jobs/definitions';
import type { RateLimiter } from '../core/ports/rate-limiter';
import { PostgresRateLimiter } from './security/rate-limiter';
import { AuditLogService } from '../core/audit/audit-log.service';
import { PlanCatalogService } from '../core/catalog/plan.service';
import { WalletService } from '../core/wallet/wallet.service';
import { ProfessionalService } from '../core/professionals/professional.service';
import { InfluencerService } from '../core/influencers/influencer.service';
import { ReferralService } from '../core/referrals/referral.service';
import { InfluencerApplicationFlow } from '../core/flows/influencer-application.flow';
import { ReviewModerationService } from '../core/professionals/review-moderation.service';
import { RedeemVoucherFlow } from '../core/flows/redeem-voucher.flow';
import { PayoutFlow } from '../core/flows/payout.flow';
import { InfluencerDashboardFlow } from '../core/flows/commission.flow';
import { MyVouchersFlow } from '../core/flows/my-vouchers.flow';
import { GroupEscrowService } from '../core/groups/escrow.service';
import { KnexEscrowFacts } from './db/repos/escrow.repo';
import { ExportMyDataFlow } from '../core/flows/export-my-data.flow';
import { AccountDeletionFlow } from '../core/flows/account-deletion.flow';
import { PaymentReceiptFlow } from '../core/flows/payment-receipt.flow';
import type { Config } from './config';
import type { Database } from './db/database';
import { Readiness } from './http/readiness';
import { KnexUnitOfWork } from './db/unit-of-work';
import { Argon2PasswordHasher } from './security/argon2.hasher';
import { HmacSecretTokens } from './security/secret-tokens';
import { SmtpMailer } from './mail/smtp.mailer';
import { OutboxMailer, OutboxReader } from './mail/outbox.mailer';
import { ViaCepAddressLookup } from './geo/viacep.lookup';
import { NominatimGeocoder } from './geo/nominatim.geocoder';
import { CachedAddressLookup, CachedGeocoder } from './geo/cached-address';
import { turmaUserAgent } from './geo/upstream';
import { AsaasPaymentGateway } from './payments/asaas.gateway';
import { SandboxPaymentGateway } from './payments/sandbox.gateway';
import { AsaasServiceInvoices } from './payments/asaas-invoices';
import { SandboxServiceInvoices } from './payments/sandbox-invoices';
import type { ServiceInvoiceProvider } from '../core/ports/service-invoices';
import { ServiceInvoiceService } from '../core/service-invoices/service-invoice.service';
import { createLogger, type Logger } from './logger';
import { Metrics, knexPoolUse } from './observability/metrics';
import { traceKnexQueries } from './observability/tracing';
import { TOKENS } from './tokens';
import { ExperimentService } from '../core/experiments';
import { SharpImageProcessor } from './images/sharp.images';
import { ProfessionalPhotoService } from '../core/professionals/photo.service';
import type { Messenger } from '../core/messaging/messenger';
import { WhatsappService } from '../core/messaging/whatsapp.service';
import { MessageLogAdmin } from '../core/messaging/message-log-admin';
import { WhatsappCloudMessenger } from './messaging/whatsapp-cloud.messenger';
import { DisabledMessenger, OutboxMessenger } from './messaging/outbox.messenger';

export interface ContainerOverrides {
  clock?: Clock;
  logger?: Logger;
  passwordHasher?: PasswordHasher;
  rateLimiter?: RateLimiter;
  mailer?: Mailer;
  /** Replaces ViaCEP; the database cache still sits in front of it. */
  addressLookup?: AddressLookup;
  /** Replaces Nominatim; the database cache still sits in front of it. */
  geocoder?: Geocoder;
  /** Replaces the provider PAYMENT_PROVIDER chooses; a SandboxPaymentGateway is also bound as TOKENS.SandboxGateway. */
  paymentGateway?: PaymentGateway;
  /** Replaces the configured storage (STORAGE_DIR or the S3 bucket). */
  storage?: FileStorage;
  /** Replaces the freight quote (Melhor Envio or the table). */
  shippingQuote?: ShippingQuote;
  /** Replaces the goods invoice provider NFE_PROVIDER chooses (Focus NFe or the sandbox). */
  goodsInvoice?: GoodsInvoice;
  /** Replaces the labels and tracking (Melhor Envio or the table). */
  shippingLabels?: ShippingLabels;
  /** Replaces the WhatsApp messenger WHATSAPP_PROVIDER chooses. */
  messenger?: Messenger;
}

/** Melhor Envio's labels when its token and MELHOR_ENVIO_SENDER are set, else the table (typed codes, simulated steps). */
function createShippingLabels(config: Config, logger: Logger): ShippingLabels {
  const me = config.shipping.melhorEnvio;
  const labels = config.shipping.labels;
  if (!me || !labels) return new TableShippingLabels({ simulate: config.shipping.simulateTracking });
  return new MelhorEnvioLabels({ baseUrl: me.url, token: me.token, userAgent: turmaUserAgent(config.publicUrl), sender: labels.sender, webhookSecret: labels.webhookSecret, logger });
}

/** Melhor Envio when MELHOR_ENVIO_TOKEN is set (falling back to the table when it fails), else the table alone. */
function createShippingQuote(config: Config, logger: Logger): ShippingQuote {
  const table = new TableShippingQuote(config.shipping.table);
  if (!config.shipping.melhorEnvio) return table;
  const melhorEnvio = new MelhorEnvioShippingQuote({
    baseUrl: config.shipping.melhorEnvio.url,
    token: config.shipping.melhorEnvio.token,
    userAgent: turmaUserAgent(config.publicUrl),
    fromCep: config.shipping.originCep,
    logger,
  });
  return new FallbackShippingQuote(melhorEnvio, table, logger);
}

/** In development the secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Web push's VAPID pair: the settings' (required in production), else one made once and kept in DATA_DIR. */
function resolveVapidKeys(config: Config): { publicKey: string; privateKey: string } {
  if (config.vapid) return config.vapid;
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table plus a console line (silent when LOG_LEVEL=silent). */
function createMailer(config: Config, database: Database, logger: Logger): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom, logger });
  if (config.isProduction) logger.warn('SMTP_URL não definida: os e-mails ficam só na tabela mail_outbox e não são entregues');
  return new OutboxMailer(database.knex, {
    print: config.logLevel === 'silent' ? () => {} : (line) => console.log(line),
    showLinks: !config.isProduction,
    ...(config.isProduction ? {} : { mailboxUrl: `${config.publicUrl}/dev/mailbox` }),
  });
}

/** WhatsApp's Cloud API, the outbox table plus a console line (the development default), or off (production's default). */
export function createMessenger(config: Config, database: Database, logger: Logger): Messenger {
  const w = config.whatsapp;
  if (w.provider === 'cloud') return new WhatsappCloudMessenger({ baseUrl: w.apiUrl, version: w.apiVersion, phoneNumberId: w.phoneNumberId!, accessToken: w.accessToken!, logger });
  if (w.provider === 'off') return new DisabledMessenger();
  return new OutboxMessenger(database.knex, { print: config.logLevel === 'silent' ? () => {} : (line) => console.log(line) });
}

/** Asaas when PAYMENT_PROVIDER=asaas (config has required its three variables), else the embedded sandbox. */
function createPaymentGateway(config: Config, database: Database, logger: Logger, clock: Clock): PaymentGateway {
  if (config.paymentProvider === 'asaas') {
    return new AsaasPaymentGateway({
      baseUrl: config.asaas.baseUrl!,
      apiKey: config.asaas.apiKey!,
      webhookToken: config.asaas.webhookToken!,
      userAgent: turmaUserAgent(config.publicUrl),
      logger,
    });
  }
  return new SandboxPaymentGateway(database.knex, {
    publicUrl: config.publicUrl,
    ...(config.asaas.webhookToken ? { webhookToken: config.asaas.webhookToken } : {}),
    clock,
    logger,
  });
}

/** Focus NFe when NFE_PROVIDER=focus_nfe (config has required its settings), else the embedded sandbox. */
function createGoodsInvoice(config: Config): GoodsInvoice {
  const focus = config.goodsInvoices.focusNfe;
  if (focus) return new FocusNfeGoodsInvoice({ baseUrl: focus.url, token: focus.token, cnpj: config.goodsInvoices.cnpj!, ncm: focus.ncm });
  return new SandboxGoodsInvoice({ publicUrl: config.publicUrl, uf: config.goodsInvoices.emitterUf, cnpj: config.goodsInvoices.cnpj });
}

export function buildContainer(config: Config, database: Database, overrides: ContainerOverrides = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind<Config>(TOKENS.Config).toConstantValue(config);
  c.bind<Database>(TOKENS.Database).toConstantValue(database);
  c.bind<Readiness>(TOKENS.Readiness).toConstantValue(new Readiness());
  // Metrics: the job gauges and the pool are read at scrape time. Query spans only when tracing is on (once per knex).
  c.bind<Metrics>(TOKENS.Metrics).toDynamicValue(
    () => new Metrics({ queues: { knex: database.knex, schema: JOBS_SCHEMA, names: () => c.get<PgBossJobQueue>(TOKENS.JobQueue).names }, pool: () => knexPoolUse(database.knex) }),
  );
  traceKnexQueries(database.knex, database.kind === 'pglite' ? 'pglite' : 'postgresql');
  c.bind<Logger>(TOKENS.Logger).toConstantValue(overrides.logger ?? createLogger(config.logLevel));
  c.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
  // The unit of work hands each transaction the job queue bound to it (resolved lazily: the queue's handlers use services).
  c.bind<AppUnitOfWork>(TOKENS.UnitOfWork).toDynamicValue(() => new KnexUnitOfWork(database.knex, () => c.get<TransactionalJobs>(TOKENS.JobQueue)));
  c.bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(overrides.passwordHasher ?? new Argon2PasswordHasher());
  c.bind<SecretTokens>(TOKENS.SecretTokens).toDynamicValue(() => new HmacSecretTokens(resolveSessionSecret(config)));
  c.bind<Mailer>(TOKENS.Mailer).toResolvedValue((logger: Logger) => overrides.mailer ?? createMailer(config, database, logger), [TOKENS.Logger]);
  c.bind<OutboxReader>(TOKENS.OutboxReader).toDynamicValue(() => new OutboxReader(database.knex));

  c.bind<RateLimiter>(TOKENS.RateLimiter).toConstantValue(
    overrides.rateLimiter ?? new PostgresRateLimiter(database.knex, { loginLimit: config.authLoginLimit, accountLoginCeiling: config.authAccountLoginCeiling, signupLimit: config.authSignupLimit, addressLookupLimit: config.addressLookupLimit }),
  );
  c.bind(TOKENS.AuthService).toResolvedValue(
    (uow: AppUnitOfWork, hasher: PasswordHasher, tokens: SecretTokens, clock: Clock, limiter: RateLimiter) =>
      new AuthService(uow, hasher, tokens, clock, limiter, { sessionTtlDays: config.sessionTtlDays, publicUrl: config.publicUrl }),
    [TOKENS.UnitOfWork, TOKENS.PasswordHasher, TOKENS.SecretTokens, TOKENS.Clock, TOKENS.RateLimiter],
  );
  // Influencer attribution: referral-link clicks and the sign-up's binding; applications and decisions.
  c.bind(TOKENS.ReferralService).toResolvedValue(
    (uow: AppUnitOfWork, tokens: SecretTokens, clock: Clock) => new ReferralService(uow, tokens, clock),
    [TOKENS.UnitOfWork, TOKENS.SecretTokens, TOKENS.Clock],
  );
  c.bind(TOKENS.InfluencerService).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new InfluencerService(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.AccountService).toResolvedValue(
    (uow: AppUnitOfWork, auth: AuthService, hasher: PasswordHasher, tokens: SecretTokens, addresses: AddressService, limiter: RateLimiter, clock: Clock, referrals: ReferralService) =>
      new AccountService(uow, auth, hasher, tokens, addresses, limiter, clock, referrals, (tx, user, meta) =>
        c.get<LegalService>(TOKENS.LegalService).recordSignup(tx as Tx<Repositories>, user, meta.ip),
      ),
    [TOKENS.UnitOfWork, TOKENS.AuthService, TOKENS.PasswordHasher, TOKENS.SecretTokens, TOKENS.AddressService, TOKENS.RateLimiter, TOKENS.Clock, TOKENS.ReferralService],
  );
  c.bind(TOKENS.InfluencerApplicationFlow).toResolvedValue(
    (accounts: AccountService, influencers: InfluencerService) => new InfluencerApplicationFlow(accounts, influencers),
    [TOKENS.AccountService, TOKENS.InfluencerService],
  );
  c.bind(TOKENS.UserAdminService).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock, auth: AuthService) => new UserAdminService(uow, clock, auth),
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.AuthService],
  );
  c.bind<TotpProvider>(TOKENS.TotpProvider).toDynamicValue(() => new OtplibTotpProvider(resolveSessionSecret(config)));
  c.bind(TOKENS.TwoFactorService).toResolvedValue(
    (uow: AppUnitOfWork, totp: TotpProvider, tokens: SecretTokens, clock: Clock, limiter: RateLimiter) =>
      new TwoFactorService(uow, new KnexTwoFactorStore(database.knex), totp, tokens, clock, limiter),
    [TOKENS.UnitOfWork, TOKENS.TotpProvider, TOKENS.SecretTokens, TOKENS.Clock, TOKENS.RateLimiter],
  );
  c.bind(TOKENS.CampaignService).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new CampaignService(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.GroupService).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new GroupService(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.PaymentService).toResolvedValue(
    // Payments knows nothing of groups or orders: the purpose registry (core/flows/purposes.ts) names each purpose's flow.
    (uow: AppUnitOfWork, gateway: PaymentGateway, clock: Clock, payouts: PayoutFlow, planOrders: PlanOrderFlow, metrics: Metrics, invoices: ServiceInvoiceService) =>
      new PaymentService<Repositories>(
        uow,
        gateway,
        clock,
        paymentPurposes(clock, { publicUrl: config.publicUrl, platformFeePercent: config.platformFeePercent, serviceInvoiceDescription: config.serviceInvoices.descriptionTemplate }, planOrders),
        undefined,
        // TRANSFER_* webhooks settle payouts (a flow, too).
        payouts,
        metrics,
        // INVOICE_* webhooks move service invoices (their own module).
        invoices,
      ),
    [TOKENS.UnitOfWork, TOKENS.PaymentGateway, TOKENS.Clock, TOKENS.PayoutFlow, TOKENS.PlanOrderFlow, TOKENS.Metrics, TOKENS.ServiceInvoiceService],
  );
  // Service invoices (NFS-e) through the payment provider's invoices: Asaas's, or the sandbox's beside its charges.
  c.bind<ServiceInvoiceProvider>(TOKENS.ServiceInvoiceProvider).toResolvedValue(
    (gateway: PaymentGateway, clock: Clock, logger: Logger) =>
      gateway instanceof AsaasPaymentGateway ? new AsaasServiceInvoices(gateway, gateway, logger) : new SandboxServiceInvoices(database.knex, gateway, { publicUrl: config.publicUrl, clock }),
    [TOKENS.PaymentGateway, TOKENS.Clock, TOKENS.Logger],
  );
  c.bind(TOKENS.ServiceInvoiceService).toResolvedValue(
    (uow: AppUnitOfWork, provider: ServiceInvoiceProvider, clock: Clock) => new ServiceInvoiceService(uow, provider, clock, config.serviceInvoices),
    [TOKENS.UnitOfWork, TOKENS.ServiceInvoiceProvider, TOKENS.Clock],
  );
  c.bind(TOKENS.PayoutFlow).toResolvedValue(
    (uow: AppUnitOfWork, gateway: PaymentGateway, clock: Clock) => new PayoutFlow(uow, gateway, clock, { minimum: config.payoutMinimum, publicUrl: config.publicUrl }),
    [TOKENS.UnitOfWork, TOKENS.PaymentGateway, TOKENS.Clock],
  );
  c.bind(TOKENS.InfluencerDashboardFlow).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock) => new InfluencerDashboardFlow(uow, clock, { publicUrl: config.publicUrl }),
    [TOKENS.UnitOfWork, TOKENS.Clock],
  );
  c.bind(TOKENS.ExpireGroupsFlow).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock) => new ExpireGroupsFlow(uow, clock),
    [TOKENS.UnitOfWork, TOKENS.Clock],
  );
  c.bind(TOKENS.PlanOrderFlow).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new PlanOrderFlow(uow, clock, { publicUrl: config.publicUrl }), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.WithdrawalFlow).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock) => new WithdrawalFlow(uow, clock),
    [TOKENS.UnitOfWork, TOKENS.Clock],
  );
  // Marketplace: products (images through the storage port), the server cart, orders; writes drop the catalogue cache.
  c.bind<FileStorage>(TOKENS.FileStorage).toConstantValue(overrides.storage ?? createFileStore(config));
  // Uploaded pictures re-encoded, link-preview cards drawn: sharp (libvips).
  c.bind<ImageProcessor>(TOKENS.ImageProcessor).toConstantValue(new SharpImageProcessor());
  c.bind<CatalogCache>(TOKENS.CatalogCache).toConstantValue(new CatalogCache());
  c.bind(TOKENS.ProductService).toResolvedValue(
    (uow: AppUnitOfWork, storage: FileStorage, cache: CatalogCache) => new ProductService(uow, storage, cache),
    [TOKENS.UnitOfWork, TOKENS.FileStorage, TOKENS.CatalogCache],
  );
  // Back office catalogue: uploaded images re-encoded by sharp like the professionals' photos.
  c.bind(TOKENS.ProductAdminService).toResolvedValue(
    (uow: AppUnitOfWork, storage: FileStorage, images: ImageProcessor, cache: CatalogCache) => new ProductAdminService(uow, storage, images, cache),
    [TOKENS.UnitOfWork, TOKENS.FileStorage, TOKENS.ImageProcessor, TOKENS.CatalogCache],
  );
  c.bind(TOKENS.PlanCategoryAdminService).toResolvedValue(
    (uow: AppUnitOfWork, cache: CatalogCache) => new PlanCategoryAdminService(uow, cache),
    [TOKENS.UnitOfWork, TOKENS.PlanCache],
  );
  c.bind(TOKENS.CartService).toResolvedValue((uow: AppUnitOfWork) => new CartService(uow), [TOKENS.UnitOfWork]);
  c.bind(TOKENS.AdminExports).toDynamicValue(() => new KnexAdminExports(database.knex));
  c.bind(TOKENS.Reports).toDynamicValue(() => new KnexReports(database.knex));
  c.bind(TOKENS.GroupAdminFlow).toResolvedValue((uow: AppUnitOfWork) => new GroupAdminFlow(uow), [TOKENS.UnitOfWork]);
  c.bind<ShippingQuote>(TOKENS.ShippingQuote).toResolvedValue((logger: Logger) => overrides.shippingQuote ?? createShippingQuote(config, logger), [TOKENS.Logger]);
  c.bind(TOKENS.ShippingService).toResolvedValue(
    (quote: ShippingQuote, uow: AppUnitOfWork) => new ShippingService(quote, () => uow.repos.marketplace.products, { freeShippingFrom: config.shipping.freeFrom }),
    [TOKENS.ShippingQuote, TOKENS.UnitOfWork],
  );
  c.bind(TOKENS.OrderService).toResolvedValue(
    // The order's hooks (commissions, a plan order's voucher) come from core/flows/purposes.ts; freight is re-quoted by shipping.
    (uow: AppUnitOfWork, clock: Clock, cache: CatalogCache, shipping: ShippingService, planOrders: PlanOrderFlow) =>
      new OrderService<Repositories>(uow, clock, cache, orderStatusHooks({ platformFeePercent: config.platformFeePercent }, planOrders), shipping),
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.CatalogCache, TOKENS.ShippingService, TOKENS.PlanOrderFlow],
  );
  c.bind<ShippingLabels>(TOKENS.ShippingLabels).toResolvedValue((logger: Logger) => overrides.shippingLabels ?? createShippingLabels(config, logger), [TOKENS.Logger]);
  c.bind(TOKENS.OrderParcelService).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock, orders: OrderService<Repositories>, labels: ShippingLabels) => new OrderParcelService(uow, clock, orders, labels),
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.OrderService, TOKENS.ShippingLabels],
  );
  c.bind<GoodsInvoice>(TOKENS.GoodsInvoice).toConstantValue(overrides.goodsInvoice ?? createGoodsInvoice(config));
  c.bind(TOKENS.GoodsInvoiceService).toResolvedValue(
    (uow: AppUnitOfWork, provider: GoodsInvoice, clock: Clock) => new GoodsInvoiceService(uow, provider, clock, { emitterUf: config.goodsInvoices.emitterUf, cancelWindowHours: config.goodsInvoices.cancelWindowHours }),
    [TOKENS.UnitOfWork, TOKENS.GoodsInvoice, TOKENS.Clock],
  );
  c.bind(TOKENS.OrderLineRefundService).toResolvedValue(
    (uow: AppUnitOfWork, gateway: PaymentGateway, clock: Clock, cache: CatalogCache) => new OrderLineRefundService(uow, gateway, clock, { applyCharge: (id, charge) => c.get<PaymentService>(TOKENS.PaymentService).applyCharge(id, charge) }, cache),
    [TOKENS.UnitOfWork, TOKENS.PaymentGateway, TOKENS.Clock, TOKENS.CatalogCache],
  );
  c.bind<NotificationFeed>(TOKENS.NotificationFeed).toResolvedValue((logger: Logger) => new NotificationFeed(database, logger), [TOKENS.Logger]);
  c.bind(TOKENS.WalletService).toResolvedValue((uow: AppUnitOfWork) => new WalletService(uow), [TOKENS.UnitOfWork]);
  c.bind(TOKENS.ExperimentService).toResolvedValue((uow: AppUnitOfWork) => new ExperimentService(uow), [TOKENS.UnitOfWork]);
  c.bind(TOKENS.NotificationService).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new NotificationService(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  // Push needs a subscribed browser: the push_subscriptions table answers.
  c.bind<PushSubscriptionsProbe>(TOKENS.PushSubscriptionsProbe).toResolvedValue(
    (uow: AppUnitOfWork) => ({ hasAny: async (userId: string) => (await uow.repos.pushSubscriptions.countForUser(userId)) > 0 }),
    [TOKENS.UnitOfWork],
  );
  // Web push: the VAPID pair from the settings (production), else made once and kept in DATA_DIR.
  c.bind(TOKENS.PushService).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock, preferences: MessagePreferenceService) => {
      const vapid = resolveVapidKeys(config);
      return new PushService(uow, clock, preferences, new WebPushSender({ vapid: { ...vapid, subject: config.vapidSubject } }), { publicKey: vapid.publicKey, allowLoopbackHttp: !config.isProduction });
    },
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.MessagePreferences],
  );
  c.bind(TOKENS.MessagePreferences).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock, tokens: SecretTokens, push: PushSubscriptionsProbe) => new MessagePreferenceService(uow, clock, tokens, push),
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.SecretTokens, TOKENS.PushSubscriptionsProbe],
  );
  c.bind<MessageLog>(TOKENS.MessageLog).toResolvedValue((uow: AppUnitOfWork) => uow.repos.messaging.log, [TOKENS.UnitOfWork]);
  c.bind(TOKENS.LegalService).toResolvedValue((uow: AppUnitOfWork, clock: Clock, tokens: SecretTokens) => new LegalService(uow, clock, tokens), [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.SecretTokens]);
  c.bind<Messenger>(TOKENS.Messenger).toResolvedValue((logger: Logger) => overrides.messenger ?? createMessenger(config, database, logger), [TOKENS.Logger]);
  c.bind(TOKENS.WhatsappService).toResolvedValue(
    (uow: AppUnitOfWork, preferences: MessagePreferenceService, messenger: Messenger) => new WhatsappService(uow, preferences, messenger, { publicUrl: config.publicUrl }),
    [TOKENS.UnitOfWork, TOKENS.MessagePreferences, TOKENS.Messenger],
  );
  c.bind(TOKENS.MessageLogAdmin).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new MessageLogAdmin(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  // ── Job queue (pg-boss 10, schema `pgboss`) ─────────────────────────────────────────────────────────────────
  // One queue per process holding every job definition; workers and cron run here only when JOBS_ENABLED
  // (`turma jobs work` starts them in a process of its own). main.ts starts it after the migrations; the server stops it
  // before the database closes. Units of work enqueue through `forTransaction(trx)` and `dispatch()` after the commit.
  c.bind<PgBossJobQueue>(TOKENS.JobQueue).toResolvedValue(
    (logger: Logger) => {
      const queue = new PgBossJobQueue(database, { logger, workers: config.jobsEnabled, runAfterCommit: config.jobsEnabled });
      for (const job of jobDefinitions(c)) queue.define(job);
      return queue;
    },
    [TOKENS.Logger],
  );
  c.bind(TOKENS.AuditLogService).toResolvedValue((uow: AppUnitOfWork) => new AuditLogService(uow), [TOKENS.UnitOfWork]);
  c.bind<CatalogCache>(TOKENS.PlanCache).toConstantValue(new CatalogCache());
  c.bind(TOKENS.PlanCatalogService).toResolvedValue(
    (uow: AppUnitOfWork, cache: CatalogCache) => new PlanCatalogService(uow, cache),
    [TOKENS.UnitOfWork, TOKENS.PlanCache],
  );
  // CEP and geocoding: ViaCEP and Nominatim (base URLs from config) behind the address_cache table (root knex).
  c.bind<AddressLookup>(TOKENS.AddressLookup).toResolvedValue(
    (clock: Clock, logger: Logger) =>
      new CachedAddressLookup(
        overrides.addressLookup ??
          new ViaCepAddressLookup({ baseUrl: config.viaCepUrl, userAgent: turmaUserAgent(config.publicUrl), logger }),
        database.knex,
        { clock, logger },
      ),
    [TOKENS.Clock, TOKENS.Logger],
  );
  c.bind<Geocoder>(TOKENS.Geocoder).toResolvedValue(
    (clock: Clock, logger: Logger) =>
      new CachedGeocoder(
        overrides.geocoder ??
          new NominatimGeocoder({ baseUrl: config.nominatimUrl, userAgent: turmaUserAgent(config.publicUrl), logger }),
        database.knex,
        { clock, logger },
      ),
    [TOKENS.Clock, TOKENS.Logger],
  );
  c.bind(TOKENS.AddressService).toResolvedValue(
    (lookup: AddressLookup, geocoder: Geocoder) => new AddressService(lookup, geocoder),
    [TOKENS.AddressLookup, TOKENS.Geocoder],
  );
  c.bind<PaymentGateway>(TOKENS.PaymentGateway).toResolvedValue(
    (logger: Logger, clock: Clock) => {
      const gateway = overrides.paymentGateway ?? createPaymentGateway(config, database, logger, clock);
      // The sandbox's simulated transfer webhooks go to the same handler as Asaas's (resolved when one is sent).
      if (gateway instanceof SandboxPaymentGateway) gateway.deliverWebhooksTo((headers, body) => c.get<PaymentService>(TOKENS.PaymentService).receiveWebhook(headers, body));
      return gateway;
    },
    [TOKENS.Logger, TOKENS.Clock],
  );
  const sandbox = overrides.paymentGateway ? overrides.paymentGateway instanceof SandboxPaymentGateway : config.paymentProvider === 'sandbox';
  if (sandbox) {
    c.bind<SandboxPaymentGateway>(TOKENS.SandboxGateway).toResolvedValue((g: PaymentGateway) => g as SandboxPaymentGateway, [TOKENS.PaymentGateway]);
  }
  // Professionals: applications, decisions, nearby search, reviews; redeeming a voucher is a flow.
  // Portfolio photos: checked by content and re-encoded by sharp, kept through the FileStorage port.
  c.bind(TOKENS.ProfessionalPhotoService).toResolvedValue(
    (uow: AppUnitOfWork, storage: FileStorage, images: ImageProcessor) => new ProfessionalPhotoService(uow, storage, images),
    [TOKENS.UnitOfWork, TOKENS.FileStorage, TOKENS.ImageProcessor],
  );
  c.bind(TOKENS.ProfessionalService).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock, address: AddressService) => new ProfessionalService(uow, clock, address),
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.AddressService],
  );
  c.bind(TOKENS.ReviewModerationService).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new ReviewModerationService(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.RedeemVoucherFlow).toResolvedValue(
    (uow: AppUnitOfWork, clock: Clock) => new RedeemVoucherFlow(uow, clock, config.platformFeePercent),
    [TOKENS.UnitOfWork, TOKENS.Clock],
  );
  c.bind(TOKENS.MyVouchersFlow).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new MyVouchersFlow(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  // Where a group's money is: the escrow facts are read by the same query as the financial report's.
  c.bind(TOKENS.GroupEscrowService).toResolvedValue((uow: AppUnitOfWork) => new GroupEscrowService(uow, new KnexEscrowFacts(database.knex)), [TOKENS.UnitOfWork]);
  c.bind(TOKENS.ExportMyDataFlow).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new ExportMyDataFlow(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  c.bind(TOKENS.AccountDeletionFlow).toResolvedValue(
    (uow: AppUnitOfWork, withdrawals: WithdrawalFlow, hasher: PasswordHasher, tokens: SecretTokens, clock: Clock) => new AccountDeletionFlow(uow, withdrawals, hasher, tokens, clock),
    [TOKENS.UnitOfWork, TOKENS.WithdrawalFlow, TOKENS.PasswordHasher, TOKENS.SecretTokens, TOKENS.Clock],
  );
  c.bind(TOKENS.PaymentReceiptFlow).toResolvedValue((uow: AppUnitOfWork, clock: Clock) => new PaymentReceiptFlow(uow, clock), [TOKENS.UnitOfWork, TOKENS.Clock]);
  return c;
}
