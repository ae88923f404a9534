// The versions of the terms and the privacy policy in force before versions were recorded: everyone who signs up
// from now on accepts them, and people who signed up before are asked once to accept them (nothing was stored).
import type { Knex } from 'knex';

const FIRST = new Date('2026-11-21T00:00:00Z');

export async function up(knex: Knex): Promise<void> {
  await knex('legal_documents').insert([
    { kind: 'terms', version: '2026-11-21', published_at: FIRST, summary: 'Primeira versão dos Termos de Uso registrada.' },
    { kind: 'privacy', version: '2026-11-21', published_at: FIRST, summary: 'Primeira versão da Política de Privacidade registrada.' },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('legal_acceptances').delete();
  await knex('legal_documents').where({ version: '2026-11-21' }).delete();
}
