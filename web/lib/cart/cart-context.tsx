// The cart, app-wide; every rule comes from core (docs/product/marketplace.md#cart-rules). A visitor's cart lives in
// localStorage (`turma_cart`); a signed-in user's on the server, synced by difference ~100 ms after the last change and
// merged at login. Failures say nothing and are retried with backoff; the rules load on first use.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CartItemInput, CartOutcome } from '../../../core/marketplace/cart-rules';
import type { CartDiffLine } from '../../../core/marketplace/cart';
import { apiClient, call, isApiError } from '../api';
import { useSession } from '../session';
import { cartApi, type CartView } from './cart-api';
import { countOf, fromItem, fromView, sameQuantities, subtractLines, toChange, toDiffLine, toItem, totalOf, type CartItem, type CartLine } from './cart-lines';
import { CART_STORAGE_KEY, readLocalCart, writeLocalCart } from './cart-storage';

type Engine = typeof import('./cart-engine');

let enginePromise: Promise<Engine> | null = null;
/** The login merge under way (module-wide: it must happen once, whatever mounts and remounts). */
let mergeInFlight: Promise<unknown> | null = null;

/** The rules module; screens that will use the cart call this early so the first click is instant. */
export function loadCartEngine(): Promise<Engine> {
  enginePromise ??= import('./cart-engine').catch((error: unknown) => {
    enginePromise = null; // a failed chunk load is tried again next time
    throw error;
  });
  return enginePromise;
}

/** Retry delays of a failed load or save (like the realtime reconnects of docs/product/spec.md §9), then every 30 s. */
export const CART_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
const retryDelay = (failures: number) => CART_RETRY_DELAYS_MS[Math.min(failures, CART_RETRY_DELAYS_MS.length - 1)]!;

/** Most lines whose catalogue snapshot a visitor's cart refreshes at once. */
const MAX_REFRESHED_LINES = 30;

export interface CartValue {
  items: CartLine[];
  /** Units in the available lines (the header badge). */
  count: number;
  /** Price × quantity of the available lines. */
  total: number;
  /** The part an order charges (plans are paid through their group). */
  productsTotal: number;
  /** 'loading' only while a signed-in user's cart is read for the first time. */
  status: 'loading' | 'ready';
  /** The cart lives on the server (signed in and loaded). */
  synced: boolean;
  add: (item: CartItemInput, quantity?: number) => Promise<CartOutcome>;
  increment: (id: string) => Promise<CartOutcome>;
  decrement: (id: string) => Promise<CartOutcome>;
  setQuantity: (id: string, quantity: number) => Promise<CartOutcome>;
  remove: (id: string) => Promise<CartOutcome>;
  /** Current prices and stock: the server cart again, or a visitor's lines against the catalogue. Silent. */
  refresh: () => Promise<void>;
  /** Sends what is pending now (before an order is created); false when the server could not take it. */
  flush: () => Promise<boolean>;
}

const CartContext = createContext<CartValue | null>(null);

/** Lines from the rules' items, keeping what the server said about lines whose quantity stands. */
function toLines(items: readonly CartItem[], previous: readonly CartLine[]): CartLine[] {
  const before = new Map(previous.map((l) => [`${l.item_type}:${l.id}`, l]));
  return items.map((item) => fromItem(item, before.get(`${item.item_type}:${item.id}`)));
}

const localLines = () => readLocalCart().map((item) => fromItem(item));

export function CartProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.id : null;
  const sessionLoading = session.status === 'loading';

  const [items, setItems] = useState<CartLine[]>(localLines);
  const [phase, setPhase] = useState<'local' | 'loading' | 'server'>('local');
  const [loadFailed, setLoadFailed] = useState(false);

  const itemsRef = useRef(items);
  /** 'server' once the signed-in user's cart is loaded; until then changes go to local storage. */
  const modeRef = useRef<'local' | 'server'>('local');
  /** Whose cart this is: answers for a previous user are dropped. */
  const ownerRef = useRef<string | null>(null);
  /** The server's last word: what a sync sends the difference against. */
  const baselineRef = useRef<CartDiffLine[]>([]);
  /** Bumped by every local change: an answer to an older request must not undo a newer change. */
  const versionRef = useRef(0);
  const syncTimer = useRef<number | undefined>(undefined);
  const inflight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const failures = useRef(0);

  const show = useCallback((next: CartLine[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const pending = () => !sameQuantities(baselineRef.current, itemsRef.current.map(toDiffLine));

  /** The server's cart becomes the truth; changes made while it was on its way are kept and sent next. */
  const accept = useCallback(
    (view: CartView, sentVersion: number) => {
      const lines = view.items.map(fromView);
      baselineRef.current = lines.map(toDiffLine);
      if (versionRef.current === sentVersion) {
        show(lines);
        return;
      }
      const fresh = new Map(lines.map((l) => [`${l.item_type}:${l.id}`, l]));
      show(itemsRef.current.map((l) => {
        const server = fresh.get(`${l.item_type}:${l.id}`);
        return server ? { ...server, quantity: l.quantity, capped: false } : l;
      }));
      again.current = true;
    },
    [show],
  );

  // sync and scheduleSync call each other: the timer goes through a ref.
  const syncRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const scheduleSync = useCallback((delay: number) => {
    window.clearTimeout(syncTimer.current);
    syncTimer.current = window.setTimeout(() => void syncRef.current(), delay);
  }, []);

  const reloadServer = useCallback(async () => {
    const owner = ownerRef.current;
    const version = versionRef.current;
    try {
      const view = await cartApi.get();
      if (owner !== ownerRef.current || modeRef.current !== 'server' || version !== versionRef.current || inflight.current) return;
      accept(view, versionRef.current);
    } catch {
      // Silent (docs/product/spec.md §8): what is on screen stays.
    }
  }, [accept]);

  const sync = useCallback(async (): Promise<void> => {
    if (modeRef.current !== 'server') return;
    if (inflight.current) {
      again.current = true;
      return inflight.current;
    }
    const run = (async () => {
      const engine = await loadCartEngine();
      const changes = engine.cartChangesBetween(baselineRef.current, itemsRef.current.map(toDiffLine));
      if (changes.length === 0) return;
      const sentVersion = versionRef.current;
      const owner = ownerRef.current;
      try {
        const view = await cartApi.patch(changes);
        if (owner !== ownerRef.current || modeRef.current !== 'server') return;
        failures.current = 0;
        accept(view, sentVersion);
      } catch (error) {
        if (owner !== ownerRef.current) return;
        // Signed out meanwhile: the session provider takes the user to /auth.
        if (isApiError(error) && error.status === 401) return;
        // A request the server will never take (a line it does not know): start again from its cart.
        if (isApiError(error) && error.status === 400) {
          baselineRef.current = [];
          void reloadServer();
          return;
        }
        scheduleSync(retryDelay(failures.current++));
      }
    })();
    inflight.current = run;
    try {
      await run;
    } catch {
      // The rules chunk did not load (offline): the next change or retry tries again.
      scheduleSync(retryDelay(failures.current++));
    } finally {
      inflight.current = null;
    }
    if (again.current) {
      again.current = false;
      await sync();
    }
  }, [accept, reloadServer, scheduleSync]);

  useEffect(() => {
    syncRef.current = sync;
  }, [sync]);

  /** Every change goes through here: on screen at once, then to local storage or (debounced) the server. */
  const commit = useCallback(
    (next: CartLine[], delay: number) => {
      show(next);
      if (modeRef.current === 'local') {
        writeLocalCart(next.map(toItem));
        return;
      }
      versionRef.current++;
      scheduleSync(delay);
    },
    [scheduleSync, show],
  );

  // Who owns the cart: a visitor (local storage), or a signed-in user (merge the browser's cart, then the server's).
  useEffect(() => {
    if (sessionLoading) return;
    window.clearTimeout(syncTimer.current);
    ownerRef.current = userId;
    baselineRef.current = [];
    failures.current = 0;
    if (!userId) {
      modeRef.current = 'local';
      setPhase('local');
      setLoadFailed(false);
      show(localLines());
      return;
    }
    modeRef.current = 'local';
    setPhase('loading');
    setLoadFailed(false);
    let cancelled = false;
    let retry: number | undefined;
    let attempt = 0;
    const load = async (): Promise<void> => {
      // One merge at a time: a second load (a remount) must not send the same lines again.
      await mergeInFlight?.catch(() => undefined);
      if (cancelled) return;
      const local = readLocalCart();
      try {
        let view: CartView;
        if (local.length > 0) {
          // Once the server has merged them, the lines leave local storage, whoever is still listening;
          // whatever was added while the merge was on its way stays, and is merged next.
          const merging = cartApi.merge(local.map(toChange)).then((merged) => {
            writeLocalCart(subtractLines(readLocalCart(), local));
            return merged;
          });
          mergeInFlight = merging;
          try {
            view = await merging;
          } finally {
            if (mergeInFlight === merging) mergeInFlight = null;
          }
          if (cancelled) return;
          if (readLocalCart().length > 0) return load();
        } else {
          view = await cartApi.get();
          if (cancelled) return;
        }
        failures.current = 0;
        baselineRef.current = view.items.map((l) => toDiffLine(fromView(l)));
        modeRef.current = 'server';
        show(view.items.map(fromView));
        setPhase('server');
      } catch (error) {
        if (cancelled || (isApiError(error) && error.status === 401)) return;
        setLoadFailed(true);
        retry = window.setTimeout(() => void load(), retryDelay(attempt++));
      }
    };
    void load();
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
    };
  }, [userId, sessionLoading, show]);

  // A visitor's other tabs.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY && modeRef.current === 'local') show(localLines());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [show]);

  useEffect(() => () => window.clearTimeout(syncTimer.current), []);

  const change = useCallback(
    async (apply: (engine: Engine, current: CartItem[]) => { items: CartItem[]; outcome: CartOutcome }): Promise<CartOutcome> => {
      const engine = await loadCartEngine();
      let result: { items: CartItem[]; outcome: CartOutcome };
      try {
        result = apply(engine, itemsRef.current);
      } catch {
        // The rules refuse a quantity below 1 (docs/product/spec.md §5).
        return 'refused';
      }
      if (result.outcome === 'refused' || result.outcome === 'unchanged') return result.outcome;
      commit(toLines(result.items, itemsRef.current), engine.CART_SYNC_DELAY_MS);
      return result.outcome;
    },
    [commit],
  );

  const add = useCallback((item: CartItemInput, quantity = 1) => change((e, current) => e.addToCart(current, item, quantity)), [change]);
  const increment = useCallback((id: string) => change((e, current) => e.incrementItem(current, id)), [change]);
  const decrement = useCallback((id: string) => change((e, current) => e.decrementItem(current, id)), [change]);
  const setQuantity = useCallback((id: string, quantity: number) => change((e, current) => e.setItemQuantity(current, id, quantity)), [change]);
  const remove = useCallback((id: string) => change((e, current) => e.removeItem(current, id)), [change]);

  const flush = useCallback(async () => {
    if (modeRef.current !== 'server') return false;
    window.clearTimeout(syncTimer.current);
    for (let round = 0; round < 3; round++) {
      await sync();
      window.clearTimeout(syncTimer.current);
      if (!pending() && !inflight.current) return true;
    }
    // Still pending: the retry timer takes over again.
    scheduleSync(retryDelay(failures.current));
    return false;
  }, [scheduleSync, sync]);

  /** A visitor's lines against the catalogue: current name, price and stock; withdrawn ones flagged. */
  const refreshLocal = useCallback(async () => {
    const lines = itemsRef.current.filter((l) => l.item_type === 'product').slice(0, MAX_REFRESHED_LINES);
    if (lines.length === 0) return;
    const results = await Promise.all(
      lines.map((l) =>
        call(apiClient.GET('/api/products/{id}', { params: { path: { id: l.id } } }), { redirectOnUnauthorized: false }).then(
          (product) => ({ id: l.id, product }),
          (error: unknown) => ({ id: l.id, product: isApiError(error) && error.status === 404 ? null : undefined }),
        ),
      ),
    );
    if (modeRef.current !== 'local') return;
    const fresh = new Map(results.map((r) => [r.id, r.product]));
    const next = itemsRef.current.map((line): CartLine => {
      const product = fresh.get(line.id);
      if (product === undefined || line.item_type !== 'product') return line; // not checked (network): unchanged
      if (product === null) return { ...line, available: false };
      const stock = product.stock_quantity;
      const soldOut = stock !== null && stock <= 0;
      const quantity = stock !== null && stock > 0 ? Math.min(line.quantity, stock) : line.quantity;
      return {
        ...line,
        name: product.name,
        price: product.price,
        image_url: product.image_url,
        stock_quantity: stock,
        stock_state: product.stock_state,
        quantity,
        available: !soldOut,
        capped: quantity < line.quantity,
      };
    });
    show(next);
    writeLocalCart(next.map(toItem));
  }, [show]);

  const refresh = useCallback(async () => {
    if (modeRef.current === 'local') {
      if (phase === 'local') await refreshLocal();
      return;
    }
    if (inflight.current || pending()) {
      await flush();
      return;
    }
    await reloadServer();
  }, [flush, phase, refreshLocal, reloadServer]);

  const value = useMemo<CartValue>(
    () => ({
      items,
      count: countOf(items),
      total: totalOf(items),
      productsTotal: totalOf(items, 'product'),
      status: phase === 'loading' && !loadFailed ? 'loading' : 'ready',
      synced: phase === 'server',
      add,
      increment,
      decrement,
      setQuantity,
      remove,
      refresh,
      flush,
    }),
    [items, phase, loadFailed, add, increment, decrement, setQuantity, remove, refresh, flush],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within CartProvider');
  return value;
}
