// Signals between the marketplace screens and the app-wide order polling (plain DOM events on window,
// like web/lib/app-events.ts): "watch my pending orders again" and "an order changed".
import { useEffect, useRef } from 'react';

const WATCH = 'turma:orders-watch';
const CHANGED = 'turma:orders-changed';

/** Toast id per order: a screen's own "paid" toast and the polling's replace each other instead of stacking. */
export const orderPaidToastId = (orderId: string) => `order-paid-${orderId}`;

/** A payment was just created (or a pending order opened): the polling window starts again (docs/product/spec.md §9). */
export function watchOrders() {
  window.dispatchEvent(new Event(WATCH));
}

/** An order's status changed (e.g. the polling saw its payment confirmed). */
export function emitOrderChanged(orderId: string) {
  window.dispatchEvent(new CustomEvent<string>(CHANGED, { detail: orderId }));
}

function useWindowEvent(name: string, handler: (event: Event) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => ref.current(event);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}

export const useWatchOrders = (handler: () => void) => useWindowEvent(WATCH, handler);

export const useOrderChanged = (handler: (orderId: string) => void) =>
  useWindowEvent(CHANGED, (event) => handler(String((event as CustomEvent<string>).detail ?? '')));
