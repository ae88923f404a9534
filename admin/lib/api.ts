// The back office's typed client for what react-admin's data provider does not do (actions, reports, dashboards):
// openapi-fetch over the paths generated from GET /api/openapi.json, so a changed answer fails typecheck here too.
import createClient from 'openapi-fetch';
import { HttpError } from 'react-admin';
import type { paths } from '../../web/lib/api-schema';
import { reshapeError } from '../providers/dataProvider';

export const adminApi = createClient<paths>({ baseUrl: '', credentials: 'same-origin', headers: { Accept: 'application/json' } });

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON answer (200, else 201) of an operation, read from the generated description. */
export type ApiAnswer<P extends keyof paths, M extends 'get' | 'post' | 'patch' | 'put' | 'delete'> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : never
  : never;

interface ClientResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}
type Answer<R> = R extends { data: infer D; error?: never } ? D : never;

function failure(response: Response, body: unknown): HttpError {
  const message = (body as { message?: unknown } | undefined)?.message;
  return reshapeError(new HttpError(typeof message === 'string' && message ? message : response.statusText, response.status, body));
}

/** Awaits a call of the typed client; a failed one throws react-admin's HttpError with the server's pt-BR message. */
export async function call<R extends ClientResult>(pending: Promise<R>): Promise<Answer<R>> {
  const result = await pending;
  if (!result.response.ok) throw failure(result.response, result.error);
  return result.data as Answer<R>;
}

type MultipartPath = { [P in keyof paths]: paths[P] extends { post: { requestBody?: { content: { 'multipart/form-data': unknown } } } } ? P : never }[keyof paths];

/** A multipart upload (the browser sets the boundary); the answer is typed from the description like any call. */
export async function upload<P extends MultipartPath>(path: P, form: FormData): Promise<ApiAnswer<P, 'post'>> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's error page is not JSON: its status text is the message.
  }
  if (!response.ok) throw failure(response, body);
  return body as ApiAnswer<P, 'post'>;
}

type Json2<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body an operation takes (`{}` when it takes none). */
export type ApiBody<P extends keyof paths, M extends 'post' | 'patch' | 'put'> = paths[P][M] extends { requestBody?: infer B }
  ? [NonNullable<B>] extends [never]
    ? Record<string, never>
    : Json2<NonNullable<B>>
  : never;
type ActionPath = Extract<keyof paths, `/api/admin/${string}/{id}/${string}`>;

/** POST /api/admin/<resource>/:id/<action>: body and answer typed from the description of that action. */
export function postAction<P extends ActionPath>(path: P, id: string, body?: ApiBody<P, 'post'>): Promise<ApiAnswer<P, 'post'>> {
  // One generic sender for many literal paths: openapi-fetch's per-path types are checked by this signature instead.
  const send = adminApi.POST as unknown as (path: string, init: { params: { path: { id: string } }; body?: unknown }) => Promise<ClientResult>;
  return call(send(path, { params: { path: { id } }, body: body ?? {} })) as Promise<ApiAnswer<P, 'post'>>;
}

/** A ra-data-simple-rest list read directly: its rows and the total its Content-Range header carries. */
export async function callList<R extends ClientResult>(pending: Promise<R>): Promise<{ items: Answer<R>; total: number }> {
  const result = await pending;
  if (!result.response.ok) throw failure(result.response, result.error);
  return { items: result.data as Answer<R>, total: Number(result.response.headers.get('content-range')?.split('/').pop() ?? 0) };
}
