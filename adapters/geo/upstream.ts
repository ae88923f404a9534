// What the address adapters share: a three-way upstream result (so the cache tells "not found" from "failed"),
// the identifying User-Agent, and a JSON GET with a deadline and one retry.
import type { LookupResult } from '../../core/ports/address-lookup';
import type { Logger } from '../logger';
import { jitteredPause, withRetry } from '../http-client/retry';

/** found → cache long; not_found → cache briefly; failed (timeout, 5xx, refused, garbage) → never cache. */
export type UpstreamResult<T> = LookupResult<T>;

export const TURMA_CONTACT = 'suporte@turma.com.br';

/** docs/integrations.md (Nominatim usage policy, good manners with ViaCEP): name the app and give a contact. */
export function turmaUserAgent(publicUrl: string, version = '0.1'): string {
  return `Turma/${version} (+${publicUrl}; contato: ${TURMA_CONTACT})`;
}

export type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown; bodyText: string }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

export interface GetJsonOptions {
  userAgent: string;
  /** Budget for the whole call, retry included. */
  timeoutMs: number;
  /** One more attempt after a network error or a 5xx, if the budget allows (idempotent GETs only). */
  retry?: boolean;
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** Injected in tests; a real timer otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

async function attempt(url: string, options: GetJsonOptions, timeoutMs: number): Promise<HttpOutcome> {
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is read under the same signal, so a server that stalls mid-body times out too.
    const bodyText = await res.text();
    let body: unknown = undefined;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      body = undefined;
    }
    return { kind: 'response', status: res.status, body, bodyText };
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
    const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
    return { kind: 'network', message: cause?.code ?? cause?.message ?? (err as Error)?.message ?? 'erro de rede' };
  }
}

/**
 * GET with a deadline. A timeout is not retried (it already spent the budget and the user is waiting); a
 * refused connection or a 5xx is retried once after a short jittered pause when time remains.
 */
export async function getJson(url: string, options: GetJsonOptions): Promise<HttpOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  return withRetry((n) => attempt(url, options, n === 1 ? options.timeoutMs : deadline - Date.now()), {
    retries: options.retry ? 1 : 0,
    shouldRetry: (outcome) => outcome.kind === 'network' || (outcome.kind === 'response' && outcome.status >= 500),
    delayMs: jitteredPause(options.retryDelayMs ?? 200),
    // Less than 50 ms left after the pause: the retry could not finish, so the first answer stands.
    canContinue: () => deadline - Date.now() >= 50,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}

/** Describes an outcome that is not a usable answer, for logs and the `failed` reason. */
export function describeFailure(outcome: HttpOutcome): string {
  if (outcome.kind === 'timeout') return 'tempo esgotado';
  if (outcome.kind === 'network') return `erro de rede (${outcome.message})`;
  return `HTTP ${outcome.status}`;
}

export function logFailure(logger: Logger | undefined, service: string, reason: string, extra: Record<string, unknown> = {}) {
  logger?.warn({ service, reason, ...extra }, `${service}: consulta falhou`);
}
