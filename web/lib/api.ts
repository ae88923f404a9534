// The one HTTP client of the web app: same-origin JSON calls to /api, with the server's error
// shape `{ error: { code, message, fields? } }` (docs/api.md) turned into an ApiError. A protected
// call answered 401 `unauthenticated` (no session, or it expired) sends the user to /auth (docs/architecture.md).
import { i18n } from '../i18n';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
    readonly status: number,
    /** Stable snake_case code from the server (e.g. `invalid_credentials`), or a client one. */
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    readonly requestId?: string,
  ) {
    super(message);
  }

  get isUnauthorized() {
    return this.status === 401;
  }

  get isNetworkError() {
    return this.status === 0;
  }

  /** The session is missing or expired (not a wrong password, which is 401 `invalid_credentials`). */
  get isSessionExpired() {
    return this.status === 401 && this.code === SESSION_EXPIRED_CODE;
  }
}

/** The code of the 401 that every signed-in-only route answers without a (valid) session. */
export const SESSION_EXPIRED_CODE = 'unauthenticated';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = (error: ApiError) => void;

/** Without a registered handler (the session provider sets one), a full page load to /auth. */
let unauthorizedHandler: UnauthorizedHandler = () => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname === '/auth') return;
  window.location.assign(`/auth?next=${encodeURIComponent(here)}`);
};

/** The session provider routes lost sessions through the router instead of a page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = previous;
  };
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown; request_id?: unknown };
}

/** What a call to the typed client answers: its data on success, its parsed error body otherwise. */
interface ClientResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
/** The success data of an openapi-fetch result (the 200/201 body the API description declares). */
export type Answer<R> = R extends { data: infer D; error?: never } ? D : never;

export interface CallOptions {
  /**
   * On a 401 `unauthenticated`, hand over to the unauthorized handler (sign out, go to /auth).
   * Default true; off for calls where "signed out" is an answer, not a failure (GET /api/me).
   */
  redirectOnUnauthorized?: boolean;
}

function errorOf(response: Response, body: unknown): ApiError {
  const err = (body && typeof body === 'object' ? (body as ErrorBody).error : undefined) ?? undefined;
  const code = typeof err?.code === 'string' ? err.code : `http_${response.status}`;
  const message =
    typeof err?.message === 'string' && err.message
      ? err.message
      : i18n.t(response.status >= 500 ? 'errors.server' : 'errors.generic');
  const fields = err?.fields && typeof err.fields === 'object' ? (err.fields as FieldErrors) : undefined;
  const requestId =
    typeof err?.request_id === 'string' ? err.request_id : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(response.status, code, message, fields, requestId);
}

/**
 * Awaits a call of the typed client (web/lib/api-client.ts) and answers its data, typed from the API description;
 * a failed call throws an ApiError (0 when the request never got an answer), and a lost session goes to /auth.
 */
export async function call<R extends ClientResult>(pending: Promise<R>, options: CallOptions = {}): Promise<Answer<R>> {
  let result: R;
  try {
    result = await pending;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }
  if (!result.response.ok) {
    const error = errorOf(result.response, result.error);
    if ((options.redirectOnUnauthorized ?? true) && error.isSessionExpired) unauthorizedHandler(error);
    throw error;
  }
  return result.data as Answer<R>;
}

export { apiClient } from './api-client';
