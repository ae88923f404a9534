// The typed API client: openapi-fetch over the paths generated from GET /api/openapi.json (web/lib/api-schema.d.ts,
// `npm run api:types`), so a server change that breaks a call fails typecheck. Same-origin JSON with the session
// cookie, in the language the user chose.
import createClient, { type Middleware } from 'openapi-fetch';
import { currentLocale } from '../i18n';
import type { paths } from './api-schema';

export type { paths, components, operations } from './api-schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON answer (200, else 201) of an operation, read from the generated description. */
export type ApiAnswer<P extends keyof paths, M extends 'get' | 'post' | 'patch' | 'put' | 'delete'> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : never
  : never;

/** Sends the current i18n language on every call (notifications and errors follow it). */
const languageHeader: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLocale());
    return request;
  },
};

export const apiClient = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
});
apiClient.use(languageHeader);

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** The JSON body an operation takes, read from the generated description. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer B }
  ? Json<NonNullable<B>>
  : never;
/** The query parameters an operation takes. */
export type ApiQuery<P extends keyof paths, M extends Method> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;
