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

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * On a 401 `unauthenticated`, hand over to the unauthorized handler (sign out, go to /auth).
   * Default true; off for calls where "signed out" is an answer, not a failure (GET /api/me).
   */
  redirectOnUnauthorized?: boolean;
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

function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown; request_id?: unknown };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy error page, an empty body): fall back to a generic message.
  }
  const err = body?.error;
  const code = typeof err?.code === 'string' ? err.code : `http_${response.status}`;
  const message =
    typeof err?.message === 'string' && err.message
      ? err.message
      : i18n.t(response.status >= 500 ? 'errors.server' : 'errors.generic');
  const fields =
    err?.fields && typeof err.fields === 'object' ? (err.fields as FieldErrors) : undefined;
  const requestId =
    typeof err?.request_id === 'string'
      ? err.request_id
      : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(response.status, code, message, fields, requestId);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers, redirectOnUnauthorized = true } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // The server renders what it stores in pt-BR (notifications) in the reader's language.
      'Accept-Language': i18n.language || 'pt-BR',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal,
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (redirectOnUnauthorized && error.isSessionExpired) unauthorizedHandler(error);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  /** DELETE may carry a JSON body (DELETE /api/me takes `{ password }`). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** List responses of the customer API (docs/api.md). */
export interface ListResponse<T> {
  items: T[];
  total: number;
}
