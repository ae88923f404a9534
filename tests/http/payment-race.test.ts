// Exactly one charge per place or order: concurrent "pay" clicks for the same reference create one payment row and one
// provider charge, and every click answers that same payment (the partial unique index payments_one_pending_per_ref).
// The race only means something on PostgreSQL (PGlite serves one session at a time); on PGlite it still must hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../core/ports/payments';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser } from '../support/factories';

let app: TestApp;
let charges = 0;
beforeAll(async () => {
  app = await createTestApp();
  // Count the provider charges, and widen the window between our insert and the provider's answer.
  const gateway = app.container.get<PaymentGateway>(TOKENS.PaymentGateway);
  const createCharge = gateway.createCharge.bind(gateway);
  gateway.createCharge = async (input) => {
    charges++;
    await new Promise((r) => setTimeout(r, 150));
    return createCharge(input);
  };
});
afterAll(async () => {
  await app?.close();
});

describe('concurrent creations of one entry payment', () => {
  for (const clicks of [2, 20]) {
    it(`${clicks} at once: one payment row, one provider charge, the same answer for all`, async () => {
      const plan = await createPlan(app, { price: 50_000, group_size: 5 });
      const member = await createUser(app);
      const joined = await member.client.post('/api/groups', { plan_id: plan.id });
      expect(joined.status).toBe(201);
      const memberId = joined.body.membership.id as string;
      const before = charges;

      const answers = await Promise.all(
        Array.from({ length: clicks }, () => member.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' })),
      );

      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
      const ids = new Set(answers.map((a) => a.body.id));
      expect(ids.size).toBe(1);
      // Every click gets the QR code of that one charge.
      for (const a of answers) expect(a.body.pix?.payload).toMatch(/^000201/);
      const rows = await app.db.knex('payments').where({ purpose: 'entry', ref_id: memberId });
      expect(rows).toHaveLength(1);
      expect(charges - before).toBe(1);
      expect(await app.db.knex('sandbox_charges').where({ external_reference: rows[0].id })).toHaveLength(1);
    });
  }

  it('switching method still leaves one live charge: the old one is cancelled, the new one answered', async () => {
    const plan = await createPlan(app, { price: 30_000, group_size: 3 });
    const member = await createUser(app);
    const memberId = (await member.client.post('/api/groups', { plan_id: plan.id })).body.membership.id as string;
    const pix = await member.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
    const boletos = await Promise.all([1, 2, 3].map(() => member.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'BOLETO' })));
    expect(new Set(boletos.map((b) => b.body.id)).size).toBe(1);
    const rows = await app.db.knex('payments').where({ purpose: 'entry', ref_id: memberId }).orderBy('created_at');
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.find((r) => r.id === pix.body.id)?.status).toBe('cancelled');
  });
});
