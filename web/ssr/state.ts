// The data a server-rendered page was rendered with, carried to the browser in a non-executable
// <script type="application/json"> (the CSP allows no inline script) and read back before hydration.
import type { DehydratedState } from '@tanstack/react-query';
import { i18n, DEFAULT_LOCALE } from '../i18n';
import { readMarker, SESSION_QUERY_KEY } from '../lib/session-marker';
import { readLocalCart } from '../lib/cart/cart-storage';
import { SSR_STATE_ID } from './meta';

export { SSR_STATE_ID };

/** JSON safe inside a <script> element: no '</script>', no '<!--', no line separators that break parsers. */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function stateScript(state: DehydratedState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${serializeState(state)}</script>`;
}

/** In the browser: the server's state, or null on a client-only page (or unreadable JSON). */
export function readServerState(doc: Document): DehydratedState | null {
  const node = doc.getElementById(SSR_STATE_ID);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/** A page drawn for a signed-in person (web/ssr/pages.ts planSignedInPage): its state carries their session. */
export function drawnForSignedIn(state: DehydratedState): boolean {
  const key = JSON.stringify(SESSION_QUERY_KEY);
  return state.queries.some((query) => JSON.stringify(query.queryKey) === key);
}

/**
 * In the browser: whether this visitor's first render equals the server's (pt-BR, an empty cart, and signed out on a
 * public page or the very person a signed-in page was drawn for). Only then is the server's HTML hydrated.
 */
export function renderedAsOnServer(state: DehydratedState): boolean {
  // A page drawn for a signed-in person starts from their session (seeded): it is hydrated like a public one.
  const sameSession = drawnForSignedIn(state) || (!readMarker() && !drawnForSessionCookie());
  return sameSession && i18n.language === DEFAULT_LOCALE && readLocalCart().length === 0;
}

/** A page the server drew for a session cookie (a neutral account corner) is drawn again, as the marker's would be. */
const drawnForSessionCookie = () => typeof document !== 'undefined' && document.querySelector('[data-session-pending]') !== null;
