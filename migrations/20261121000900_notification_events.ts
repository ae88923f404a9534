// Live notification counts (docs/product/screens.md: the bell updates live): every new notification, and every change of
// what is read, NOTIFYs the user's id on `turma_notifications`. NOTIFY is delivered at commit, never for a rolled-back
// insert, and identical payloads in one transaction arrive once (a read-all of 50 rows is one event).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function turma_notify_notifications() returns trigger language plpgsql as $$
    begin
      perform pg_notify('turma_notifications', new.user_id::text);
      return null;
    end $$;
  `);
  await knex.raw(`
    create trigger notifications_announce_insert after insert on notifications
    for each row execute function turma_notify_notifications();
  `);
  await knex.raw(`
    create trigger notifications_announce_read after update of read_at on notifications
    for each row when (old.read_at is distinct from new.read_at) execute function turma_notify_notifications();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists notifications_announce_read on notifications');
  await knex.raw('drop trigger if exists notifications_announce_insert on notifications');
  await knex.raw('drop function if exists turma_notify_notifications()');
}
