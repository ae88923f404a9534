// The theme experiment's participants and events in memory (what a first paid entry converts).
import type { ExperimentRepository, ExperimentsScope } from '../../../core/experiments/ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function experimentsFake(db: MemoryDb): ExperimentsScope {
  return {
    experiments: faked<ExperimentRepository>('experiments', {
      findOrCreateParticipant: async (p) =>
        db.participants.first((x) => x.experiment_name === p.experiment_name && x.anonymous_id === p.anonymous_id) ?? db.participants.insert({ ...p, converted: false, converted_at: null }),
      convertUser: async (userId, at) => {
        const ids = db.participants.all((p) => p.user_id === userId && !p.converted).map((p) => p.id);
        ids.forEach((id) => db.participants.patch(id, { converted: true, converted_at: at }));
        return ids;
      },
      insertEvents: async (events) => events.forEach((e) => db.experimentEvents.insert(e)),
    }),
  };
}
