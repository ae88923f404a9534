// The job queue port: side effects (an e-mail, a provider refund, later a payout) leave the core as jobs enqueued in
// the same transaction as the change that causes them, so a rollback enqueues nothing and a commit never loses one.

/**
 * The payload of every job, by name. Modules add their own jobs by declaration merging:
 * `declare module '../ports/job-queue' { interface JobPayloads { 'payments.refund': { payment_id: string } } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface EnqueueOptions {
  /** At most one queued job with this key per job name (e.g. one refund per payment). */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

/** Bound to one unit of work: the job is stored in the transaction and exists only if it commits. */
export interface JobQueue {
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
}
