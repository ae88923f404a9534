// The escrow's facts (core/groups/escrow-rules.ts): every confirmed entry and balance payment of a group member with
// what became of it — refunded, credited to the wallet, its voucher redeemed, the professional's receivable and its
// payout. One query read by both the member's escrow view and the financial report's "money held".
import type { Knex } from 'knex';
import { firstNameOf, type EscrowFactsReader, type EscrowPaymentFact } from '../../../core/groups';

type Row = {
  group_id: string;
  member_id: string;
  user_id: string;
  full_name: string | null;
  purpose: 'entry' | 'balance';
  amount: number | string;
  status: string;
  confirmed_at: Date | string;
  refunded_at: Date | string | null;
  wallet_credited_at: Date | string | null;
  redeemed_at: Date | string | null;
  receivable_at: Date | string | null;
  receivable_status: string | null;
  receivable_net: number | string | null;
  plan_kind: 'service' | 'product';
};

const CONFIRMED = `p.confirmed_at is not null and p.status in ('confirmed','refund_pending','refunded')`;
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

export class KnexEscrowFacts implements EscrowFactsReader {
  constructor(private readonly db: Knex) {}

  async facts(filter: { groupId?: string }): Promise<EscrowPaymentFact[]> {
    const where = filter.groupId ? 'and m.group_id = ?' : '';
    const common = `m.group_id, m.id as member_id, m.user_id, pr.full_name, p.amount, p.status, p.confirmed_at, p.refunded_at,
                    v.redeemed_at, r.created_at as receivable_at, r.status as receivable_status, r.net as receivable_net, pl.kind as plan_kind`;
    const joins = `join groups g on g.id = m.group_id
                   join plans pl on pl.id = g.plan_id
                   left join profiles pr on pr.user_id = m.user_id
                   left join receivables r on r.voucher_id = v.id`;
    // A payment leaves the escrow when its credit reached the wallet: an expired group's entry (ref `entry:<member>`)
    // or a withdrawal to the wallet (ref `withdrawal:<payment>`, entry or balance).
    const sql = `
      select 'entry' as purpose, ${common},
             case when m.status = 'refunded' then coalesce(we.created_at, wd.created_at) end as wallet_credited_at
        from payments p
        join group_members m on m.id = p.ref_id
        left join vouchers v on v.member_id = m.id
        left join wallet_entries we on we.ref = 'entry:' || m.id::text and we.kind = 'entry_credit'
        left join wallet_entries wd on wd.ref = 'withdrawal:' || p.id::text and wd.kind = 'entry_credit'
        ${joins}
       where p.purpose = 'entry' and ${CONFIRMED} ${where}
      union all
      select 'balance' as purpose, ${common}, wd.created_at as wallet_credited_at
        from payments p
        join vouchers v on v.id = p.ref_id
        join group_members m on m.id = v.member_id
        left join wallet_entries wd on wd.ref = 'withdrawal:' || p.id::text and wd.kind = 'entry_credit'
        ${joins}
       where p.purpose = 'balance' and ${CONFIRMED} ${where}
      order by confirmed_at, member_id`;
    const bindings = filter.groupId ? [filter.groupId, filter.groupId] : [];
    const { rows } = (await this.db.raw(sql, bindings)) as { rows: Row[] };
    return rows.map((r) => ({
      group_id: r.group_id,
      member_id: r.member_id,
      user_id: r.user_id,
      first_name: firstNameOf(r.full_name),
      purpose: r.purpose,
      amount: Number(r.amount),
      confirmed_at: new Date(r.confirmed_at),
      refund_requested: r.status === 'refund_pending',
      refunded_at: date(r.refunded_at),
      wallet_credited_at: date(r.wallet_credited_at),
      redeemed_at: date(r.redeemed_at),
      receivable_at: date(r.receivable_at),
      receivable_paid: r.receivable_status === 'paid',
      receivable_net: r.receivable_net === null ? null : Number(r.receivable_net),
      plan_kind: r.plan_kind,
    }));
  }
}
