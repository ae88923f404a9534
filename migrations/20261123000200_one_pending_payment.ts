// Exactly one charge per place or order (modules issue): at most one `pending` payment per purpose and reference, so
// two concurrent "pay" clicks can never open two provider charges. Older duplicates (possible before) are cancelled
// first, newest kept; a cancelled charge that is paid anyway is still confirmed and refunded by the flows.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update payments p set status = 'cancelled', failure_reason = 'duplicada (antes da restrição de cobrança única)', updated_at = now()
    where p.status = 'pending' and exists (
      select 1 from payments q
      where q.purpose = p.purpose and q.ref_id = p.ref_id and q.status = 'pending'
        and (q.created_at, q.id) > (p.created_at, p.id)
    )`);
  await knex.raw(`create unique index payments_one_pending_per_ref on payments (purpose, ref_id) where status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payments_one_pending_per_ref');
}
