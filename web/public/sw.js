// Turma's service worker: only web push (docs/product/web-push.md). It shows each push and opens its screen on
// a click; it has no fetch handler, so pages load exactly as without it. Registered only when a person turns push on.
const FALLBACK = '/notifications';

/** Internal paths only; anything else opens the notifications screen. */
const screenOf = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : FALLBACK);

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Turma';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      // One notification per tag: a repeated push replaces the first instead of stacking.
      ...(typeof data.tag === 'string' && data.tag ? { tag: data.tag } : {}),
      data: { url: screenOf(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(screenOf(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      // A Turma tab is open: bring it forward on the notification's screen.
      for (const w of windows) {
        if (new URL(w.url).origin !== self.location.origin) continue;
        try {
          const moved = await w.navigate(target);
          if (moved) return moved.focus();
        } catch {
          // Not controlled by this worker (opened before it): open a new tab instead.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
