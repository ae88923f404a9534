// Data provider: the server's /api/admin/* routes speak the ra-data-simple-rest contract exactly.
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { takeEarly } from './early';

/** The server's error body (docs/api.md): `{ error: { code, message, fields? } }`. */
interface ApiErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** Errors the server answers without `fields` that still belong under one form field (409s). */
const FIELD_OF_CODE: Record<string, string> = {
  slug_taken: 'slug',
};

/**
 * fetchJson with the session cookie, re-shaping our error body into what react-admin reads:
 * `error.message` for the notification and `body.errors` for messages under form fields.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const early = !options.method || options.method === 'GET' ? await takeEarly(url)?.catch(() => undefined) : undefined;
  // The list's first page admin/main.tsx asked for while the app loaded; a failed one is asked again, as usual.
  if (early?.ok) {
    const body = await early.text();
    return { status: early.status, headers: early.headers, body, json: JSON.parse(body) as unknown };
  }
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof HttpError) throw reshapeError(err);
    throw err;
  }
};

/** The server's pt-BR message as the error's, and its field messages where react-admin's forms read them. */
export function reshapeError(err: HttpError): HttpError {
  const apiError = (err.body as ApiErrorBody | undefined)?.error;
  if (!apiError?.message) return err;
  const field = apiError.code ? FIELD_OF_CODE[apiError.code] : undefined;
  const errors = apiError.fields ?? (field ? { [field]: apiError.message } : undefined);
  return new HttpError(apiError.message, err.status, {
    ...(err.body as object),
    message: apiError.message,
    ...(errors ? { errors } : {}),
  });
}

/** What notify() shows for a failed request: the server's pt-BR message, else react-admin's generic one. */
export const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'ra.notification.http_error');

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * DateInput filters hold a bare day ('2024-05-01'); the admin's "until" means the end of that
 * day in the admin's time zone, so `*_gte` / `*_lte` days become local day bounds as ISO instants.
 */
export function widenDateFilters(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'string' && BARE_DATE.test(value) && /_(gte|lte)$/.test(key)) {
      const time = key.endsWith('_gte') ? 'T00:00:00.000' : 'T23:59:59.999';
      const instant = new Date(`${value}${time}`);
      out[key] = Number.isNaN(instant.getTime()) ? value : instant.toISOString();
    } else {
      out[key] = value;
    }
  }
  return out;
}

const restProvider = simpleRestProvider('/api/admin', httpClient);

/**
 * Screens whose path (docs/product/spec.md §2) differs from their API resource: /admin/triggers lists /api/admin/jobs,
 * /admin/marketplace/orders lists /api/admin/orders.
 */
const API_RESOURCE: Record<string, string> = {
  triggers: 'jobs',
  'marketplace/orders': 'orders',
  'marketplace/products': 'products',
  'marketplace/categories': 'product-categories',
};
const api = (resource: string) => API_RESOURCE[resource] ?? resource;

export const dataProvider: DataProvider = {
  getList: (resource, params) =>
    restProvider.getList(api(resource), { ...params, filter: widenDateFilters(params.filter ?? {}) }),
  getOne: (resource, params) => restProvider.getOne(api(resource), params),
  getMany: (resource, params) => restProvider.getMany(api(resource), params),
  getManyReference: (resource, params) => restProvider.getManyReference(api(resource), params),
  create: (resource, params) => restProvider.create(api(resource), params),
  update: (resource, params) => restProvider.update(api(resource), params),
  updateMany: (resource, params) => restProvider.updateMany(api(resource), params),
  delete: (resource, params) => restProvider.delete(api(resource), params),
  deleteMany: (resource, params) => restProvider.deleteMany(api(resource), params),
};
