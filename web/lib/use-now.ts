// A ticking "now" for countdowns (hold expiry, PIX expiry, group deadline), and the pure helper that
// splits a remaining time into the parts the screens print.
import { createContext, useContext, useEffect, useRef, useState } from 'react';

/**
 * The instant a server-drawn page was rendered at, while the browser hydrates it (null otherwise): clocks start from
 * it, so a countdown's seconds hydrate to the server's very text, then move on to the real time at once.
 */
export const RenderedAt = createContext<number | null>(null);
/** Called once the server-drawn screen has hydrated (web/app/app-ready.tsx): RenderedAt goes back to null. */
export const RenderedAtDone = createContext<() => void>(() => undefined);
/** Where the server's render carries that instant (web/entry-server.tsx). */
export const RENDERED_AT_KEY = ['ssr', 'rendered-at'] as const;

/** Date.now(), refreshed every `intervalMs` while mounted (and at once when the tab comes back). */
export function useNow(intervalMs = 1000): number {
  const renderedAt = useContext(RenderedAt);
  const fromServer = useRef(renderedAt !== null);
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    if (fromServer.current) {
      fromServer.current = false;
      tick();
    }
    const id = window.setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
  return now;
}

export interface Remaining {
  /** Milliseconds left, never negative. */
  ms: number;
  expired: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function remainingUntil(target: string | number | Date | null | undefined, now: number): Remaining | null {
  if (target === null || target === undefined) return null;
  const at = target instanceof Date ? target.getTime() : typeof target === 'number' ? target : Date.parse(target);
  if (Number.isNaN(at)) return null;
  const ms = Math.max(0, at - now);
  const total = Math.floor(ms / 1000);
  return {
    ms,
    expired: ms <= 0,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "04:59" (or "1:04:59" past an hour): the clock form of short countdowns. */
export function clockText(r: Remaining): string {
  const hours = r.days * 24 + r.hours;
  const mm = String(r.minutes).padStart(2, '0');
  const ss = String(r.seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
