// Runs a use case's reads and writes in one transaction without the core knowing the database library or any module.
// Each module names its repositories as a scope in its ports.ts (`GroupsScope = { groups: … }`); a use case asks for
// the scopes it uses (`UnitOfWork<GroupsScope & PaymentsScope>`), so reaching another module's tables fails typecheck.
import type { JobQueue } from './job-queue';

/** A transaction over scope `S`: its repositories plus the job queue bound to it (side effects happen iff it commits). */
export type Tx<S extends object> = S & { jobs: JobQueue };

export interface UnitOfWork<S extends object> {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  run<T>(work: (tx: Tx<S>) => Promise<T>): Promise<T>;
  /** Repositories outside any transaction, for single reads. Never use inside `run`. */
  readonly repos: S;
}
