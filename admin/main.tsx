// Entry point of the back office bundle (never imported by web/): index.html's frame is painted first, then the app
// starts (admin/boot.tsx). Evaluating react-admin before that paint kept a phone's screen blank for seconds.
import { startEarly } from './providers/early';

// The session probe and the list's first page travel while the app's code downloads and the frame is painted.
let storage: Storage | null = null;
try {
  storage = window.localStorage;
} catch {
  // Storage blocked: react-admin keeps no choices of its own either, so a list opens on its defaults.
}
startEarly(window.location, storage);

let started = false;
function start() {
  if (started) return;
  started = true;
  import('./boot').catch((error: unknown) => {
    console.error('Turma: a administração não pôde ser carregada.', error);
  });
}

// A tab in the background paints nothing (and runs no animation frame): it starts at once.
if (document.visibilityState === 'hidden') start();
else {
  // The timeout inside the frame runs after that frame is painted; the second one is the fallback.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
}
