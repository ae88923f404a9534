// The first screen's requests, started by admin/main.tsx while the app's code downloads and taken once by the app's
// own calls; no dependency, so the entry chunk stays small (docs/decisions/037-back-office-first-screen.md).

/** A list's first page as react-admin asks for it when neither the address nor the admin's stored choices change it. */
export interface ListDefaults {
  sort: { field: string; order: 'ASC' | 'DESC' };
  perPage: number;
}

/** The lists whose first page is fetched early: their List components take sort and perPage from here too. */
export const LIST_DEFAULTS = {
  users: { sort: { field: 'created_at', order: 'DESC' }, perPage: 25 },
} satisfies Record<string, ListDefaults>;

export type EarlyList = keyof typeof LIST_DEFAULTS;

export const SESSION_URL = '/api/auth/session';
export const SESSION_INIT: RequestInit = { credentials: 'same-origin', headers: { Accept: 'application/json' } };

/** The list's first page as ra-data-simple-rest writes it (query-string's sorted keys and strict encoding). */
export function listUrl(resource: string, { sort, perPage }: ListDefaults, filter: Record<string, unknown> = {}): string {
  const strict = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `/api/admin/${resource}?filter=${strict(JSON.stringify(filter))}&range=${strict(JSON.stringify([0, perPage - 1]))}&sort=${strict(JSON.stringify([sort.field, sort.order]))}`;
}

const started = new Map<string, Promise<Response>>();
let earlyList: EarlyList | null = null;

/** The list this address opens on its first page, or null (another screen, or a sort, filter or page of its own). */
export function listOfAddress(pathname: string, search: string, storage: Pick<Storage, 'getItem'> | null): EarlyList | null {
  const match = /^\/admin\/([a-z-]+)\/?$/.exec(pathname);
  const resource = match?.[1];
  if (!resource || !(resource in LIST_DEFAULTS) || search) return null;
  // react-admin keeps the admin's last sort, filter and page per list (its store, in localStorage) and reopens on them.
  const stored = storage?.getItem(`RaStore.${resource}.listParams`);
  if (stored) {
    try {
      const params = JSON.parse(stored) as { filter?: object; order?: unknown; page?: unknown; perPage?: unknown; sort?: unknown };
      if (Object.keys(params.filter ?? {}).length > 0 || params.order != null || params.page !== 1 || params.perPage != null || params.sort != null) return null;
    } catch {
      return null;
    }
  }
  return resource as EarlyList;
}

/** Starts the session probe and, on a list's address, its first page. Called once, before the app's code has arrived. */
export function startEarly(location: Pick<Location, 'pathname' | 'search'>, storage: Pick<Storage, 'getItem'> | null) {
  started.set(SESSION_URL, fetch(SESSION_URL, SESSION_INIT));
  earlyList = listOfAddress(location.pathname, location.search, storage);
  if (earlyList) {
    const defaults = LIST_DEFAULTS[earlyList];
    const url = listUrl(earlyList, defaults);
    started.set(url, fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json', Range: `${earlyList}=0-${defaults.perPage - 1}` } }));
  }
}

/** The early answer for this address, once: a second call (or an address never started) gets undefined. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = started.get(url);
  started.delete(url);
  return response;
}

/** The list whose first page was started early, if any. */
export const earlyListResource = () => earlyList;
