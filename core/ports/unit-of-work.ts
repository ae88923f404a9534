// Runs several repository calls in one transaction without the core knowing the database library.
import type { Repositories } from './repositories';

export interface UnitOfWork {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /** Repositories outside any transaction, for single reads. Never use inside `run`. */
  readonly repos: Repositories;
}
