// Professionals, their receivables and payouts in memory: every receivable and payout move conditional on the status,
// as adapters/db/repos/payouts.repos.ts.
import type { ProfessionalPhotoRepository, ProfessionalRepository, ProfessionalsScope, ReceivableRepository, ReviewRepository } from '../../../core/professionals/ports';
import type { PayoutRepository } from '../../../core/professionals/payout-ports';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function professionalsFake(db: MemoryDb): ProfessionalsScope {
  const r = db.receivables;
  const professionals = faked<ProfessionalRepository>('professionals.professionals', {
    findById: async (id) => db.professionals.get(id),
    findByUserId: async (userId) => db.professionals.first((p) => p.user_id === userId),
    lock: async (id) => db.professionals.get(id),
    update: async (id, patch) => void db.professionals.patch(id, patch),
  });
  const receivables = faked<ReceivableRepository>('professionals.receivables', {
    create: async (x) => r.insert({ ...x, status: 'pending', payout_id: null }),
    listForProfessional: async (id, status) => newestFirst(r.all((x) => x.professional_id === id && (!status || x.status === status))).map((x) => ({ ...x, plan_name: db.plans.get(x.plan_id)?.name ?? '' })),
  });
  const payouts = faked<PayoutRepository>('professionals.payouts', {
    create: async (p) =>
      db.payouts.insert({
        professional_id: null,
        influencer_id: null,
        user_id: null,
        ...p,
        status: 'pending',
        provider_transfer_id: null,
        provider_status: null,
        receipt_url: null,
        failure_reason: null,
        transfer_requested_at: null,
        paid_at: null,
        failed_at: null,
        updated_at: db.now(),
      }),
    findById: async (id) => db.payouts.get(id),
    findWalletRefund: async (userId) => db.payouts.first((p) => p.user_id === userId),
    findByTransferId: async (transferId) => db.payouts.first((p) => p.provider_transfer_id === transferId),
    lock: async (id) => db.payouts.get(id),
    update: async (id, patch) => void db.payouts.patch(id, { ...patch, updated_at: db.now() }),
    moveIf: async (id, from, to, patch = {}) => db.payouts.patchIf(id, (p) => from.includes(p.status), { ...patch, status: to, updated_at: db.now() }),
    listForProfessional: async (id, offset, limit) => {
      const all = newestFirst(db.payouts.all((p) => p.professional_id === id));
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
    matureReceivables: async (at) => r.patchWhere((x) => x.status === 'pending' && x.available_at <= at, { status: 'available' }),
    duePayouts: async (minimum, at) =>
      db.professionals
        .all((p) => p.status === 'approved')
        .map((p) => {
          const due = r.all((x) => x.professional_id === p.id && (x.status === 'available' || (x.status === 'pending' && x.available_at <= at)));
          return { professional_id: p.id, user_id: p.user_id, business_name: p.business_name, pix_key_type: p.pix_key_type, pix_key: p.pix_key, amount: due.reduce((s, x) => s + x.net, 0), receivables: due.length };
        })
        .filter((d) => d.amount > 0 && d.amount >= minimum)
        .sort((a, b) => a.business_name.localeCompare(b.business_name)),
    lockAvailable: async (id) => r.all((x) => x.professional_id === id && x.status === 'available').sort((a, b) => a.available_at.getTime() - b.available_at.getTime()).map((x) => ({ id: x.id, net: x.net })),
    claimReceivables: async (ids, payoutId) => r.patchWhere((x) => ids.includes(x.id) && x.status === 'available', { status: 'in_payout', payout_id: payoutId }),
    settleReceivables: async (payoutId) => r.patchWhere((x) => x.payout_id === payoutId && x.status === 'in_payout', { status: 'paid' }),
    releaseReceivables: async (payoutId) => r.patchWhere((x) => x.payout_id === payoutId && x.status === 'in_payout', { status: 'available', payout_id: null }),
  });
  return {
    professionals: {
      professionals,
      receivables,
      payouts,
      photos: faked<ProfessionalPhotoRepository>('professionals.photos', {}),
      reviews: faked<ReviewRepository>('professionals.reviews', {}),
    },
  };
}
