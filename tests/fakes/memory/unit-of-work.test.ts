// The in-memory unit of work keeps the database's promises the use cases rely on: a run that throws leaves nothing
// behind (rows or jobs), a committed run keeps both, and the unique rules the repositories document hold.
import { describe, expect, it } from 'vitest';
import { MemoryDb } from './db';
import { MemoryUnitOfWork } from './unit-of-work';
import { seedGroup, seedMember, seedPlan, seedUser } from './seed';

describe('MemoryUnitOfWork', () => {
  it('rolls back rows and jobs of a run that throws; keeps those of one that commits', async () => {
    const uow = new MemoryUnitOfWork(new MemoryDb());
    const user = seedUser(uow.db);
    const add = (ref: string) => uow.run(async (tx) => {
      await tx.wallet.add({ user_id: user.id, amount: 100, kind: 'adjustment', description: 'x', ref });
      await tx.jobs.enqueue('payments.refund', { payment_id: ref }, { singletonKey: ref });
    });
    await add('a');
    await expect(uow.run(async (tx) => {
      await tx.wallet.add({ user_id: user.id, amount: 900, kind: 'adjustment', description: 'y', ref: 'b' });
      await tx.jobs.enqueue('payments.refund', { payment_id: 'b' });
      throw new Error('falhou');
    })).rejects.toThrow('falhou');
    expect(await uow.repos.wallet.balance(user.id)).toBe(100);
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: 'a' }]);
    expect(uow.rollbacks).toBe(1);
    // One queued job per singleton key, as the queue keeps it.
    await uow.run((tx) => tx.jobs.enqueue('payments.refund', { payment_id: 'a' }, { singletonKey: 'a' }));
    expect(uow.jobsNamed('payments.refund')).toHaveLength(1);
  });

  it('rows come out as copies: changing one read changes nothing stored', async () => {
    const db = new MemoryDb();
    const uow = new MemoryUnitOfWork(db);
    const plan = seedPlan(db);
    const group = seedGroup(db, plan, seedUser(db));
    const read = await uow.repos.groups.groups.findById(group.id);
    read!.status = 'complete';
    expect(db.groups.get(group.id)?.status).toBe('open');
  });

  it('keeps the unique rules: one pending payment per reference, one wallet entry per ref, conditional moves', async () => {
    const db = new MemoryDb();
    const uow = new MemoryUnitOfWork(db);
    const user = seedUser(db);
    const member = seedMember(db, seedGroup(db, seedPlan(db), user), user);
    const draft = { user_id: user.id, purpose: 'entry' as const, ref_id: member.id, amount: 1_000, method: 'PIX' as const, installments: 1, provider: 'sandbox' };
    expect(await uow.repos.payments.payments.createIfNoneLive(draft)).not.toBeNull();
    expect(await uow.repos.payments.payments.createIfNoneLive(draft)).toBeNull();
    expect(await uow.repos.wallet.add({ user_id: user.id, amount: 1, kind: 'adjustment', description: 'x', ref: 'r' })).toBe(true);
    expect(await uow.repos.wallet.add({ user_id: user.id, amount: 1, kind: 'adjustment', description: 'x', ref: 'r' })).toBe(false);
    expect(await uow.repos.groups.members.moveIf(member.id, 'pending_payment', 'paid')).toBe(true);
    expect(await uow.repos.groups.members.moveIf(member.id, 'pending_payment', 'paid')).toBe(false);
    expect(() => uow.repos.identity.sessions.deleteExpired(new Date())).toThrow('identity.sessions.deleteExpired is not faked');
  });
});
