// The admin second factor's rows (users.totp_*, recovery_codes, sessions.second_factor_at) on knex.
import type { Knex } from 'knex';
import type { TwoFactorState, TwoFactorStore } from '../../../core/identity/two-factor.service';

export class KnexTwoFactorStore implements TwoFactorStore {
  constructor(private readonly db: Knex) {}

  async state(userId: string): Promise<TwoFactorState> {
    const row = await this.db('users').where({ id: userId }).first('totp_secret', 'totp_pending_secret', 'totp_enabled_at');
    return { secret: row?.totp_secret ?? null, pendingSecret: row?.totp_pending_secret ?? null, enabledAt: row?.totp_enabled_at ?? null };
  }

  async setPending(userId: string, sealedSecret: string) {
    await this.db('users').where({ id: userId }).update({ totp_pending_secret: sealedSecret });
  }

  async enable(userId: string, sealedSecret: string, codeHashes: string[], at: Date, step: number) {
    await this.db.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ totp_secret: sealedSecret, totp_pending_secret: null, totp_enabled_at: at, totp_last_step: step });
      await trx('recovery_codes').where({ user_id: userId }).delete();
      if (codeHashes.length > 0) await trx('recovery_codes').insert(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })));
    });
  }

  async acceptStep(userId: string, step: number) {
    const updated = await this.db('users')
      .where({ id: userId })
      .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
      .update({ totp_last_step: step });
    return updated === 1;
  }

  async useRecoveryCode(userId: string, codeHash: string, at: Date) {
    const updated = await this.db('recovery_codes').where({ user_id: userId, code_hash: codeHash }).whereNull('used_at').update({ used_at: at });
    return updated === 1;
  }

  async remainingRecoveryCodes(userId: string) {
    const [row] = await this.db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  async markSessionVerified(sessionId: string, at: Date) {
    await this.db('sessions').where({ id: sessionId }).update({ second_factor_at: at });
  }

  async reset(userId: string) {
    return this.db.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null });
      await trx('recovery_codes').where({ user_id: userId }).delete();
      return Number(await trx('sessions').where({ user_id: userId }).delete());
    });
  }
}
