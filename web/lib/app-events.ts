// Tiny app-wide signals between features that must not import each other (e.g. a confirmed payment
// tells the notification bell to refresh its unread count). Plain DOM events on window.
import { useEffect, useRef } from 'react';

export type AppEvent = 'notifications-changed' | 'groups-changed';

const eventName = (name: AppEvent) => `turma:${name}`;

export function emitAppEvent(name: AppEvent) {
  window.dispatchEvent(new Event(eventName(name)));
}

export function useAppEvent(name: AppEvent, handler: () => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const listener = () => ref.current();
    window.addEventListener(eventName(name), listener);
    return () => window.removeEventListener(eventName(name), listener);
  }, [name]);
}
