// `turma users reset-2fa <id-or-email>` for a locked-out admin: the TOTP secret and the recovery codes are
// cleared, every session ends, and the reset is audited; the next sign-in enrols again.
import { describe, expect, it } from 'vitest';
import { migrateLatest } from '../../adapters/db/migrate';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-2fa-');
const turma = (args: string[], input?: string) => runTurma(args, { env: cli.env, input });

describe('turma users reset-2fa', { timeout: 120_000 }, () => {
  it('clears the second factor of an admin by e-mail or id, ends the sessions and audits it', async () => {
    const created = await turma(['users', 'create-admin', '--email', 'travada@turma.test', '--name', 'Admin Travada', '--password-stdin', '--json'], 'Senha-forte-123\n');
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      await knex('users').where({ id }).update({ totp_secret: 'v1:a:b:c', totp_enabled_at: new Date(), totp_last_step: 1 });
      await knex('recovery_codes').insert([{ user_id: id, code_hash: 'h1' }, { user_id: id, code_hash: 'h2' }]);
      await knex('sessions').insert([
        { user_id: id, token_hash: 't1', expires_at: new Date(Date.now() + 86_400_000), second_factor_at: new Date() },
        { user_id: id, token_hash: 't2', expires_at: new Date(Date.now() + 86_400_000) },
      ]);
    });

    const reset = await turma(['users', 'reset-2fa', 'TRAVADA@turma.test', '--json']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ id, email: 'travada@turma.test', sessoes_encerradas: 2 });

    await cli.withDatabase(async (knex) => {
      const user = await knex('users').where({ id }).first('totp_secret', 'totp_enabled_at', 'totp_pending_secret', 'totp_last_step');
      expect(user).toEqual({ totp_secret: null, totp_enabled_at: null, totp_pending_secret: null, totp_last_step: null });
      expect(await knex('recovery_codes').where({ user_id: id })).toHaveLength(0);
      expect(await knex('sessions').where({ user_id: id })).toHaveLength(0);
      const audit = await knex('audit_logs').where({ action: 'admin.2fa_reset', entity_id: id });
      expect(audit).toHaveLength(1);
      expect(audit[0].actor_email).toBe('cli');
    });

    const byId = await turma(['users', 'reset-2fa', id, '--json']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byId.stdout).sessoes_encerradas).toBe(0);

    const unknown = await turma(['users', 'reset-2fa', 'ninguem@turma.test']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Conta não encontrada.');
  });

  it('refuses an account that is not an admin, with a clear message, and changes nothing', async () => {
    const created = await turma(['users', 'create-admin', '--email', 'virou-usuaria@turma.test', '--name', 'Ex Admin', '--password-stdin', '--json'], 'Senha-forte-123\n');
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      // Demoted meanwhile, with second-factor columns left behind and a live session.
      await knex('users').where({ id }).update({ role: 'professional', totp_secret: 'v1:a:b:c', totp_enabled_at: new Date() });
      await knex('sessions').insert({ user_id: id, token_hash: 't-nao-admin', expires_at: new Date(Date.now() + 86_400_000) });
    });

    const refused = await turma(['users', 'reset-2fa', 'virou-usuaria@turma.test']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('virou-usuaria@turma.test não é administrador (papel: profissional)');
    expect(refused.stderr).toContain('só é redefinida para administradores');

    await cli.withDatabase(async (knex) => {
      expect((await knex('users').where({ id }).first('totp_secret')).totp_secret).toBe('v1:a:b:c');
      expect(await knex('sessions').where({ user_id: id })).toHaveLength(1);
      expect(await knex('audit_logs').where({ action: 'admin.2fa_reset', entity_id: id })).toHaveLength(0);
    });
  });
});
