// Text PostgreSQL cannot store: the NUL character and lone UTF-16 surrogates (half of a pair). Input carrying them is
// refused at the HTTP edge; a provider's webhook, which must never be refused, is stored with them escaped.

// A high surrogate not followed by a low one, or a low one not preceded by a high one; or NUL (a control character on
// purpose: it is what this rule looks for).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE.source, 'g');

export const hasUnstorableText = (s: string) => UNSTORABLE.test(s);

/** The first path (e.g. `items.2.name`) in a JSON value whose key or string holds unstorable text, or null. */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasUnstorableText(k)) return [...path, k].join('.');
      const found = findUnstorableText(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

const escapeOne = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The same JSON value with every unstorable character written as a visible `\uXXXX` escape. */
export function escapeUnstorableText<T>(value: T): T {
  if (typeof value === 'string') return (hasUnstorableText(value) ? value.replace(UNSTORABLE_GLOBAL, escapeOne) : value) as T;
  if (Array.isArray(value)) return value.map((v) => escapeUnstorableText(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeUnstorableText(k), escapeUnstorableText(v)])) as T;
  }
  return value;
}
