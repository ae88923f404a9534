// The one retry policy engine for outbound HTTP (ViaCEP, Nominatim, Asaas), on p-retry: which outcomes are worth
// another attempt, how long to pause, a server-told wait (429 RateLimit-Reset) honoured once, and a budget.
import pRetry from 'p-retry';

export interface RetryPolicy<T> {
  /** Extra attempts after the first; 0 never repeats the call (POSTs that could charge twice). */
  retries: number;
  /** Whether this outcome is worth another attempt (a refused connection, a 5xx — never a timeout). */
  shouldRetry: (outcome: T) => boolean;
  /** Pause before retry n (1 for the second attempt). */
  delayMs: (retry: number) => number;
  /** Checked after the pause: false stops and returns the last outcome (the caller's time budget is spent). */
  canContinue?: () => boolean;
  /**
   * A wait the server asked for (429 with RateLimit-Reset), in ms, or null. Honoured once per call when at most
   * `maxWaitMs`, and the call then repeats without counting as a retry: the server did not process the request.
   */
  serverWait?: { waitMs: (outcome: T) => number | null; maxWaitMs: number; onWait?: (ms: number) => void };
  /** Injected in tests; a real timer otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asaas's GETs: base·2^(n−1) plus up to base of jitter (300 ms → 300–600, 600–900, …). */
export function exponentialBackoff(baseMs: number): (retry: number) => number {
  return (retry) => baseMs * 2 ** (retry - 1) + Math.floor(Math.random() * baseMs);
}

/** ViaCEP's single retry: base plus up to base of jitter. */
export function jitteredPause(baseMs: number): (retry: number) => number {
  return () => baseMs + Math.floor(Math.random() * baseMs);
}

/** Carries a retryable outcome through p-retry, which retries on thrown errors. */
class RetryableOutcome<T> extends Error {
  constructor(readonly outcome: T) {
    super('retryable outcome');
  }
}

/**
 * Calls `attempt` (with the attempt number, 1-based) until its outcome is not retryable, the retries are used up or
 * the budget is spent, and returns the last outcome. Outcomes are values, not exceptions: an HTTP failure is
 * something the caller decides about, so nothing here throws unless `attempt` does.
 */
export async function withRetry<T>(attempt: (attemptNumber: number) => Promise<T>, policy: RetryPolicy<T>): Promise<T> {
  const sleep = policy.sleep ?? realSleep;
  let last: { outcome: T } | null = null;
  let waitedForServer = false;

  const once = async (n: number): Promise<T> => {
    let outcome = await attempt(n);
    const waitMs = policy.serverWait?.waitMs(outcome) ?? null;
    if (waitMs !== null && !waitedForServer && waitMs <= policy.serverWait!.maxWaitMs) {
      waitedForServer = true;
      policy.serverWait!.onWait?.(waitMs);
      await sleep(waitMs);
      outcome = await attempt(n);
    }
    return outcome;
  };

  try {
    return await pRetry(
      async (n) => {
        if (last && policy.canContinue && !policy.canContinue()) return last.outcome;
        const outcome = await once(n);
        last = { outcome };
        if (policy.shouldRetry(outcome)) throw new RetryableOutcome(outcome);
        return outcome;
      },
      {
        retries: policy.retries,
        // The pauses are ours (injectable sleep, our jitter); p-retry only counts and repeats.
        minTimeout: 0,
        maxTimeout: 0,
        factor: 1,
        randomize: false,
        shouldRetry: (err) => err instanceof RetryableOutcome,
        onFailedAttempt: async (err) => {
          if (err instanceof RetryableOutcome && err.retriesLeft > 0) await sleep(policy.delayMs(err.attemptNumber));
        },
      },
    );
  } catch (err) {
    if (err instanceof RetryableOutcome) return (last as { outcome: T } | null)?.outcome ?? (err.outcome as T);
    throw err;
  }
}
