// Static list of migrations: works the same under tsx, vitest and any bundler (no directory scanning).
import type { Knex } from 'knex';
import * as identity from './20261121000100_identity';
import * as plans from './20261121000200_plans';
import * as accounts from './20261121000300_accounts';
import * as addressCache from './20261121000400_address_cache';
import * as mailOutbox from './20261121000500_mail_outbox';
import * as sandboxCharges from './20261121000600_sandbox_charges';
import * as groups from './20261121000700_groups';
import * as marketplace from './20261121000800_marketplace';
import * as notificationEvents from './20261121000900_notification_events';
import * as dropScheduledJobs from './20261123000100_drop_scheduled_jobs';
import * as onePendingPayment from './20261123000200_one_pending_payment';
import * as professionals from './20261123000300_professionals';
import * as payoutTransfers from './20261124000700_payout_transfers';
import * as professionalsNearbyCovering from './20261124000900_professionals_nearby_covering';
import * as accountUnlockTokens from './20261124001400_account_unlock_tokens';
import * as influencers from './20261124002000_influencers';
import * as campaigns from './20261124002200_campaigns';
import * as commissions from './20261124002100_commissions';
import * as walletSpending from './20261124002300_wallet_spending';
import * as experiments from './20261124002400_experiments';
import * as fiscal from './20261124002600_fiscal';
import * as purchaseReversals from './20261124003700_purchase_reversals';
import * as catalogChanges from './20261124003800_catalog_changes';
import * as orderReturns from './20261124004000_order_returns';
import * as boletoRefunds from './20261124004100_boleto_refunds';
import * as adminTotp from './20261124004200_admin_totp';
import * as shipping from './20261124005000_shipping';
import * as planOrders from './20261124005100_plan_orders';
import * as commissionClawbacks from './20261124005200_commission_clawbacks';
import * as orderLineRefunds from './20261124005300_order_line_refunds';
import * as productUploads from './20261124005301_product_uploads';
import * as refundTransferIndex from './20261124005400_refund_transfer_index';
import * as profilesVisitorType from './20261128090000_profiles_visitor_type';
import * as messagingConsent from './20261128110000_messaging_consent';
import * as legalDocumentsInitial from './20261128110100_legal_documents_initial';
import * as pushSubscriptions from './20261128130000_push_subscriptions';
import * as serviceInvoices from './20261128140000_service_invoices';
import * as goodsInvoices from './20261128150000_goods_invoices';
import * as orderParcels from './20261128160000_order_parcels';
import * as whatsappOutbox from './20261128120000_whatsapp_outbox';
import * as walletRefundPayouts from './20261128170000_wallet_refund_payouts';
import * as optinPhoneIndexProductNcm from './20261128180000_optin_phone_index_product_ncm';
import * as catalogueSearchCovering from './20261201120000_catalogue_search_covering';
import * as catalogueCounts from './20261202120000_catalogue_counts';
import * as catalogueNarrowOrderIndexes from './20261203120000_catalogue_narrow_order_indexes';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** In order; append new migrations at the end and never edit one that has landed. */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['20261121000100_identity', identity],
  ['20261121000200_plans', plans],
  ['20261121000300_accounts', accounts],
  ['20261121000400_address_cache', addressCache],
  ['20261121000500_mail_outbox', mailOutbox],
  ['20261121000600_sandbox_charges', sandboxCharges],
  ['20261121000700_groups', groups],
  ['20261121000800_marketplace', marketplace],
  ['20261121000900_notification_events', notificationEvents],
  ['20261123000100_drop_scheduled_jobs', dropScheduledJobs],
  ['20261123000200_one_pending_payment', onePendingPayment],
  ['20261123000300_professionals', professionals],
  ['20261124000700_payout_transfers', payoutTransfers],
  ['20261124000900_professionals_nearby_covering', professionalsNearbyCovering],
  ['20261124001400_account_unlock_tokens', accountUnlockTokens],
  ['20261124002000_influencers', influencers],
  ['20261124002100_commissions', commissions],
  ['20261124002200_campaigns', campaigns],
  ['20261124002300_wallet_spending', walletSpending],
  ['20261124002400_experiments', experiments],
  ['20261124002600_fiscal', fiscal],
  ['20261124003700_purchase_reversals', purchaseReversals],
  ['20261124003800_catalog_changes', catalogChanges],
  ['20261124004000_order_returns', orderReturns],
  ['20261124004100_boleto_refunds', boletoRefunds],
  ['20261124004200_admin_totp', adminTotp],
  ['20261124005000_shipping', shipping],
  ['20261124005100_plan_orders', planOrders],
  ['20261124005200_commission_clawbacks', commissionClawbacks],
  ['20261124005300_order_line_refunds', orderLineRefunds],
  ['20261124005301_product_uploads', productUploads],
  ['20261124005400_refund_transfer_index', refundTransferIndex],
  ['20261128090000_profiles_visitor_type', profilesVisitorType],
  ['20261128110000_messaging_consent', messagingConsent],
  ['20261128110100_legal_documents_initial', legalDocumentsInitial],
  ['20261128130000_push_subscriptions', pushSubscriptions],
  ['20261128140000_service_invoices', serviceInvoices],
  ['20261128150000_goods_invoices', goodsInvoices],
  ['20261128160000_order_parcels', orderParcels],
  ['20261128120000_whatsapp_outbox', whatsappOutbox],
  ['20261128170000_wallet_refund_payouts', walletRefundPayouts],
  ['20261128180000_optin_phone_index_product_ncm', optinPhoneIndexProductNcm],
  ['20261201120000_catalogue_search_covering', catalogueSearchCovering],
  ['20261202120000_catalogue_counts', catalogueCounts],
  ['20261203120000_catalogue_narrow_order_indexes', catalogueNarrowOrderIndexes],
];

/** The static list as knex's migration source; `wrap` lets the runner add a guard around each migration. */
export function makeMigrationSource(wrap: (name: string, migration: Migration) => Migration = (_name, m) => m): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => migrations.map(([name]) => name),
    getMigrationName: (name) => name,
    getMigration: async (name) => {
      const found = migrations.find(([n]) => n === name);
      if (!found) throw new Error(`Migração desconhecida: ${name}`);
      return wrap(name, found[1]);
    },
  };
}

export const migrationSource = makeMigrationSource();

export const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };
