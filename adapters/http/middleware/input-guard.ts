// Refuses at the edge what PostgreSQL cannot store or a URL cannot carry (a NUL or a lone surrogate in the path, query or
// JSON body): a pt-BR 400, never a 500. Provider webhooks are exempt (they must get 200). A JSON body nested deeper than
// any real one is refused everywhere: walking it would overflow the stack.
import type { Next } from 'koa';
import { invalid } from '../../../core/shared/errors';
import { findUnstorableText, hasUnstorableText } from '../../../core/shared/text';
import type { AppContext } from '../context';

export const INVALID_CHARACTERS_MESSAGE = 'O texto enviado contém caracteres inválidos.';
const EXEMPT = ['/api/webhooks/'];

const refuse = (field: string) => invalid('invalid_characters', INVALID_CHARACTERS_MESSAGE, { [field]: INVALID_CHARACTERS_MESSAGE });

/** Decodes a URL component; a malformed percent-sequence (which includes an encoded lone surrogate) is refused. */
function decode(component: string, field: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    throw refuse(field);
  }
}

/** Before routing: the path and the query string. */
export async function guardUrl(ctx: AppContext, next: Next) {
  // A raw URL cannot carry NUL or a surrogate unescaped: only percent-encoded URLs need a look (the hot lane skips it).
  if (ctx.url.includes('%') && !EXEMPT.some((p) => ctx.path.startsWith(p))) {
    const rawPath = ctx.url.split('?')[0] ?? '';
    if (hasUnstorableText(decode(rawPath, '_path'))) throw refuse('_path');
    const qs = ctx.querystring;
    if (qs) {
      for (const pair of qs.split('&')) {
        const [k = '', v = ''] = pair.split('=');
        const key = decode(k, k || '_query');
        if (hasUnstorableText(key) || hasUnstorableText(decode(v, key || '_query'))) throw refuse(key || '_query');
      }
    }
  }
  await next();
}

// No form, filter or provider payload nests this deep; past it, recursive walks (this guard, zod, JSON.stringify on the
// way to a jsonb column) would overflow the stack — a body of `[[[[…]]]]` well within the size limit is a 500 otherwise.
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = 'O conteúdo enviado tem níveis de aninhamento demais.';

/** Whether a parsed JSON value nests objects/arrays more than `limit` levels deep; iterative, so it cannot overflow. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

/** After the body parser: the body's nesting (every route, webhooks too), then every string and key of it. */
export async function guardBody(ctx: AppContext, next: Next) {
  const body = (ctx.request as { body?: unknown }).body;
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw invalid('too_deeply_nested', TOO_DEEP_MESSAGE);
  if (!EXEMPT.some((p) => ctx.path.startsWith(p))) {
    const found = findUnstorableText(body);
    if (found) throw refuse(found);
  }
  await next();
}
