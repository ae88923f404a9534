// Back-office reports read here: the dated money movements the financial report buckets and reconciles
// (core/reports/financial.ts defines what each kind means), each taken from the table that owns it.
import type { Knex } from 'knex';
import type { LedgerEvent, LedgerKind } from '../../../core/reports/financial';
import type { DashboardFigures } from '../../../core/reports/schemas';
import { fiscalSplit, type FiscalEvent } from '../../../core/reports/fiscal';
import { KnexAuditLogRepository } from './audit.repo';
import { escrowLedgerEvents } from '../../../core/groups';
import { KnexEscrowFacts } from './escrow.repo';

type Row = { at: Date | string; kind: LedgerKind; amount: number | string };

/** What the done line refunds of payment `p` gave back. */
const LINE_REFUNDED = `coalesce((select sum(l.amount) from order_line_refunds l where l.payment_id = p.id and l.status = 'done'), 0)`;

export class KnexReports {
  constructor(private readonly db: Knex) {}

  /** Every movement up to `before` (exclusive), oldest first. */
  async ledger(before: Date): Promise<LedgerEvent[]> {
    const b = before.toISOString();
    const confirmed = `p.confirmed_at is not null and p.status in ('confirmed','refund_pending','refunded')`;
    const parts = [
      `select p.confirmed_at as at, 'cash_in_' || p.purpose as kind, p.amount - p.wallet_amount as amount from payments p where ${confirmed} and p.amount > p.wallet_amount`,
      `select p.confirmed_at as at, 'wallet_spent' as kind, p.wallet_amount as amount from payments p where ${confirmed} and p.wallet_amount > 0`,
      `select p.confirmed_at as at, 'marketplace_sale' as kind, p.amount from payments p where ${confirmed} and p.purpose = 'order'`,
      // A payment's refund counts what its line refunds (order_line_refunds, dated when each was done) did not already:
      // line refunds come only from the provider part, so they are taken off the cash refund, never off the wallet's.
      `select p.refunded_at as at, 'cash_refund' as kind, greatest(p.refunded_amount - p.wallet_amount, 0) - ${LINE_REFUNDED} as amount from payments p where p.refunded_at is not null and p.refunded_amount > p.wallet_amount`,
      `select p.refunded_at as at, 'wallet_returned' as kind, least(p.wallet_amount, p.refunded_amount) as amount from payments p where p.refunded_at is not null and p.wallet_amount > 0 and p.refunded_amount > 0`,
      `select p.refunded_at as at, 'marketplace_refund' as kind, p.refunded_amount - ${LINE_REFUNDED} as amount from payments p where p.refunded_at is not null and p.purpose = 'order' and p.refunded_amount > 0`,
      // Refunds of one order line: cash through the provider, a marketplace refund for the platform.
      `select l.refunded_at as at, 'cash_refund' as kind, l.amount from order_line_refunds l where l.status = 'done'`,
      `select l.refunded_at as at, 'marketplace_refund' as kind, l.amount from order_line_refunds l where l.status = 'done'`,
      `select r.created_at as at, 'receivable' as kind, r.net as amount from receivables r`,
      `select r.created_at as at, 'platform_fee' as kind, r.fee as amount from receivables r`,
      `select o.paid_at as at, case when o.professional_id is not null then 'payout_professional' when o.influencer_id is not null then 'payout_influencer' else 'cash_refund' end as kind, o.amount from payouts o where o.status = 'done' and o.paid_at is not null`,
      `select c.created_at as at, 'commission' as kind, c.amount from commissions c where c.amount > 0`,
      `select c.reversed_at as at, 'commission' as kind, -c.amount as amount from commissions c where c.reversed_at is not null and c.amount > 0`,
      // A deleted account's credit leaving for its PIX refund (and coming back if the transfer fails) changes only what is
      // owed to members: the cash leaves as the payout, counted with refunds.
      `select w.created_at as at, case when w.ref like 'account-deletion:%' or w.ref like 'payout:%' then 'wallet_credit' when w.kind = 'entry_credit' then 'wallet_credit' when w.kind = 'referral_bonus' then 'bonus' else 'wallet_adjustment' end as kind, w.amount from wallet_entries w where w.kind in ('entry_credit','referral_bonus','adjustment')`,
    ];
    const { rows } = (await this.db.raw(`select * from (${parts.map((p) => `(${p})`).join(' union all ')}) e where e.at < ? order by e.at`, [b])) as { rows: Row[] };
    // Money held: the escrow's one definition (core/groups/escrow-rules.ts) over the same facts the members see, so
    // the per-group escrow summed over every group is this report's held position.
    const held = escrowLedgerEvents(await new KnexEscrowFacts(this.db).facts({})).filter((e) => e.at < before);
    return [...rows.map((r) => ({ at: new Date(r.at), kind: r.kind, amount: Number(r.amount) })), ...held].sort((x, y) => x.at.getTime() - y.at.getTime());
  }

  /** The dashboard's figures for payments confirmed, groups completed, refunds and sign-ups in [from, to). */
  async figures(from: Date, to: Date): Promise<DashboardFigures> {
    const { rows } = (await this.db.raw(
      `select
         (select count(*)::int from payments where purpose = 'entry' and confirmed_at >= ? and confirmed_at < ?) as entries_n,
         (select coalesce(sum(amount), 0)::bigint from payments where purpose = 'entry' and confirmed_at >= ? and confirmed_at < ?) as entries_v,
         (select count(*)::int from payments where purpose = 'balance' and confirmed_at >= ? and confirmed_at < ?) as balances_n,
         (select coalesce(sum(amount), 0)::bigint from payments where purpose = 'balance' and confirmed_at >= ? and confirmed_at < ?) as balances_v,
         (select count(*)::int from payments where purpose = 'order' and confirmed_at >= ? and confirmed_at < ?) as sales_n,
         (select coalesce(sum(amount), 0)::bigint from payments where purpose = 'order' and confirmed_at >= ? and confirmed_at < ?) as sales_v,
         (select count(*)::int from payments where refunded_at >= ? and refunded_at < ? and refunded_amount > 0)
           + (select count(*)::int from order_line_refunds where status = 'done' and refunded_at >= ? and refunded_at < ?) as refunds_n,
         -- A payment refunded in full after line refunds counts only the rest; each line refund counts on its own day.
         (select coalesce(sum(p.refunded_amount - ${LINE_REFUNDED}), 0)::bigint from payments p where p.refunded_at >= ? and p.refunded_at < ?)
           + (select coalesce(sum(amount), 0)::bigint from order_line_refunds where status = 'done' and refunded_at >= ? and refunded_at < ?) as refunds_v,
         (select count(*)::int from groups where completed_at >= ? and completed_at < ?) as groups_n,
         (select count(*)::int from users where created_at >= ? and created_at < ?) as users_n`,
      Array.from({ length: 12 }, () => [from, to]).flat(),
    )) as { rows: Array<Record<string, number | string>> };
    const r = rows[0]!;
    const n = (k: string) => Number(r[k]);
    return {
      entries_paid: { count: n('entries_n'), amount: n('entries_v') },
      groups_completed: n('groups_n'),
      balances_paid: { count: n('balances_n'), amount: n('balances_v') },
      marketplace_sales: { count: n('sales_n'), amount: n('sales_v') },
      refunds: { count: n('refunds_n'), amount: n('refunds_v') },
      new_users: n('users_n'),
    };
  }

  /** Per Brasília day in [from, to): amounts confirmed by purpose, refunds and sign-ups. */
  async dailySeries(from: Date, to: Date): Promise<Array<{ day: string; entries: number; balances: number; marketplace_sales: number; refunds: number; new_users: number }>> {
    const day = (col: string) => `to_char(${col} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
    const { rows } = (await this.db.raw(
      `select day, sum(entries)::bigint as entries, sum(balances)::bigint as balances, sum(sales)::bigint as marketplace_sales, sum(refunds)::bigint as refunds, sum(users)::int as new_users
         from (
           select ${day('confirmed_at')} as day,
                  case when purpose = 'entry' then amount else 0 end as entries,
                  case when purpose = 'balance' then amount else 0 end as balances,
                  case when purpose = 'order' then amount else 0 end as sales, 0 as refunds, 0 as users
             from payments where confirmed_at >= ? and confirmed_at < ?
           union all
           select ${day('p.refunded_at')}, 0, 0, 0, p.refunded_amount - ${LINE_REFUNDED}, 0 from payments p where p.refunded_at >= ? and p.refunded_at < ?
           union all
           select ${day('refunded_at')}, 0, 0, 0, amount, 0 from order_line_refunds where status = 'done' and refunded_at >= ? and refunded_at < ?
           union all
           select ${day('created_at')}, 0, 0, 0, 0, 1 from users where created_at >= ? and created_at < ?
         ) x group by day`,
      [from, to, from, to, from, to, from, to],
    )) as { rows: Array<Record<string, number | string>> };
    return rows.map((r) => ({ day: String(r.day), entries: Number(r.entries), balances: Number(r.balances), marketplace_sales: Number(r.marketplace_sales), refunds: Number(r.refunds), new_users: Number(r.new_users) }));
  }

  /** Applications waiting for a decision and what needs an operator (jobs are counted by the queue). */
  async waiting(now: Date) {
    const { rows } = (await this.db.raw(
      `select
         (select count(*)::int from professionals where status = 'pending') as professionals,
         (select count(*)::int from influencers where status = 'pending') as influencers,
         (select count(*)::int from payments where status = 'pending' and created_at < ?::timestamptz - interval '1 hour'
             and (pix_expires_at is null or pix_expires_at < ?) and (due_date is null or due_date < (?::timestamptz at time zone 'America/Sao_Paulo')::date)) as payments_stuck_pending,
         (select count(*)::int from marketplace_orders where status in ('paid','preparing')) as orders_to_ship,
         (select count(*)::int from reviews where reported_count > 0 and hidden_at is null) as reviews_reported,
         (select count(*)::int from payments where provider_status = 'chargeback' and updated_at >= ?::timestamptz - interval '30 days') as chargebacks`,
      [now, now, now, now],
    )) as { rows: Array<Record<string, number | string>> };
    const r = rows[0]!;
    return {
      professionals: Number(r.professionals),
      influencers: Number(r.influencers),
      payments_stuck_pending: Number(r.payments_stuck_pending),
      orders_to_ship: Number(r.orders_to_ship),
      reviews_reported: Number(r.reviews_reported),
      chargebacks: Number(r.chargebacks),
    };
  }

  /**
   * The platform's taxable events in [from, to) with the customer, the invoice mark and, for a sale, its NF-e; each
   * split by core's fiscalSplit into services, goods (by the product's fiscal kind) and freight (core/reports/fiscal.ts).
   */
  async fiscalEvents(from: Date, to: Date): Promise<FiscalEvent[]> {
    type Raw = Omit<FiscalEvent, 'invoice_number' | 'invoiced_at' | 'amount' | 'service_amount' | 'goods_amount' | 'freight_amount'> & {
      fee: number | string | null;
      service_lines: number | string | null;
      goods_lines: number | string | null;
      shipping: number | string | null;
    };
    const { rows } = (await this.db.raw(
      `select 'fee:' || r.id::text as id, 'fee' as kind, r.created_at as occurred_at, pr.full_name as customer_name, pr.cpf as customer_cpf,
              'Taxa de intermediação: ' || pl.name as description, r.fee, null::bigint as service_lines, null::bigint as goods_lines, null::bigint as shipping,
              r.gross, r.status = 'reversed' as refunded, null::text as nfe_status, null::text as nfe_access_key
         from receivables r
         join vouchers v on v.id = r.voucher_id
         join plans pl on pl.id = v.plan_id
         left join profiles pr on pr.user_id = v.user_id
        where r.created_at >= ? and r.created_at < ?
       union all
       select 'order:' || o.id::text, 'order', p.confirmed_at, pr.full_name, pr.cpf,
              'Venda no marketplace: pedido de ' || o.items_count || ' item(ns)', null,
              coalesce((select sum(i.subtotal) from order_items i join products pd on pd.id = i.product_id where i.order_id = o.id and pd.fiscal_kind = 'service'), 0),
              coalesce((select sum(i.subtotal) from order_items i left join products pd on pd.id = i.product_id where i.order_id = o.id and coalesce(pd.fiscal_kind, 'goods') = 'goods'), 0),
              o.shipping_amount,
              o.total_amount, p.refunded_at is not null, gi.status, gi.access_key
         from payments p
         join marketplace_orders o on o.id = p.ref_id
         left join profiles pr on pr.user_id = p.user_id
         left join goods_invoices gi on gi.order_id = o.id
        where p.purpose = 'order' and p.confirmed_at >= ? and p.confirmed_at < ?
       union all
       -- A product plan's order: paid through its group (no order payment), goods on its own NF-e (decision 033).
       select 'order:' || o.id::text, 'order', o.paid_at, pr.full_name, pr.cpf,
              'Plano de produto entregue como pedido: ' || coalesce((select string_agg(i.product_name, ', ') from order_items i where i.order_id = o.id), 'plano'), null,
              0, o.subtotal, o.shipping_amount,
              o.total_amount, v.status = 'cancelled', gi.status, gi.access_key
         from marketplace_orders o
         left join vouchers v on v.id = o.voucher_id
         left join profiles pr on pr.user_id = o.user_id
         left join goods_invoices gi on gi.order_id = o.id
        where o.source = 'plan' and o.paid_at >= ? and o.paid_at < ?`,
      [from, to, from, to, from, to],
    )) as { rows: Raw[] };
    const ids = rows.map((r) => r.id);
    const marks = ids.length ? await this.db('fiscal_invoices').whereIn('event_id', ids).select('event_id', 'invoice_number', 'invoiced_at') : [];
    const byId = new Map(marks.map((m: { event_id: string; invoice_number: string; invoiced_at: Date }) => [m.event_id, m]));
    return rows.map(({ fee, service_lines, goods_lines, shipping, ...r }) => ({
      ...r,
      ...(r.kind === 'fee'
        ? fiscalSplit({ kind: 'fee', fee: Number(fee) })
        : fiscalSplit({ kind: 'order', service_lines: Number(service_lines), goods_lines: Number(goods_lines), shipping: Number(shipping) })),
      occurred_at: new Date(r.occurred_at),
      gross: Number(r.gross),
      refunded: Boolean(r.refunded),
      invoice_number: byId.get(r.id)?.invoice_number ?? null,
      invoiced_at: byId.get(r.id) ? new Date(byId.get(r.id)!.invoiced_at) : null,
    }));
  }

  /** Marks events invoiced with one invoice number (once per event), audited in the same transaction. */
  async markInvoiced(eventIds: string[], invoiceNumber: string, actor: { id: string; email: string; ip: string | null; requestId: string | null }) {
    const unique = [...new Set(eventIds)];
    return this.db.transaction(async (trx) => {
      const [fees, orders] = await Promise.all([
        trx('receivables').whereIn('id', unique.filter((i) => i.startsWith('fee:')).map((i) => i.slice(4))).pluck('id'),
        trx('marketplace_orders').whereIn('id', unique.filter((i) => i.startsWith('order:')).map((i) => i.slice(6))).pluck('id'),
      ]);
      const known = new Set([...fees.map((i: string) => `fee:${i}`), ...orders.map((i: string) => `order:${i}`)]);
      const unknown = unique.filter((i) => !known.has(i));
      const existing = new Map(
        (await trx('fiscal_invoices').whereIn('event_id', [...known]).select('event_id', 'invoice_number')).map((r: { event_id: string; invoice_number: string }) => [r.event_id, r.invoice_number]),
      );
      const fresh = [...known].filter((i) => !existing.has(i));
      if (fresh.length) {
        await trx('fiscal_invoices').insert(fresh.map((event_id) => ({ event_id, invoice_number: invoiceNumber, invoiced_by: actor.id }))).onConflict('event_id').ignore();
        await new KnexAuditLogRepository(trx).append({
          action: 'fiscal.invoiced',
          actor_user_id: actor.id,
          actor_email: actor.email,
          entity_type: 'fiscal_invoice',
          entity_id: invoiceNumber,
          ip: actor.ip,
          request_id: actor.requestId,
          metadata: { invoice_number: invoiceNumber, event_ids: fresh, before: { invoiced: false }, after: { invoiced: true, invoice_number: invoiceNumber } },
        });
      }
      return { invoiced: fresh, already_invoiced: [...existing.keys()], unknown };
    });
  }
}
