// Entry point of the customer web app: the stylesheets, the theme experiment, and the app (web/boot.tsx), which
// starts once the browser has painted what the server sent. Only this small module runs before the first paint; the
// app's code (React, the router, the translations, the page's screen) is fetched after it, so on a phone the page's
// CSS, font and pictures have the connection to themselves and its text is on screen before React's first long piece
// of work. Server-rendered pages stay usable meanwhile: their links are real links, and a button pressed early is
// replayed when the app is ready (web/lib/early-input.ts).
import '@fontsource-variable/bricolage-grotesque/wght.css';
import './styles.css';
import { keepEarlyInput } from './lib/early-input';
import { startThemeExperiment } from './lib/experiment-tracker';
import { SCREEN_CHUNKS_ID } from './ssr/meta';
import { formatCents } from '../core/shared/money';

// The theme experiment: the visitor is enrolled in the background (the inline theme script has painted the hue).
startThemeExperiment();
// A button pressed (or a choice made) before the app has taken the page over is replayed once it has.
keepEarlyInput();

/** A server-rendered page's screen chunks (web/ssr/meta.ts chunkTags): fetched with the app, not after it. */
function preloadScreen() {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(SCREEN_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || !/^\/assets\/[\w.-]+\.js$/.test(file)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

let started = false;
function start() {
  if (started) return;
  started = true;
  import('./boot').catch((error: unknown) => {
    console.error('Turma: o aplicativo não pôde ser carregado.', error);
  });
  // In a task of its own: each <link> added costs a phone a moment, and the two together made one long task.
  setTimeout(preloadScreen, 0);
  // While the app downloads, the main thread is free: the browser's first currency formatter (its locale data) is built
  // now, in a task of its own, instead of inside the first render of a page of prices (10-20 ms on a phone).
  setTimeout(() => {
    try {
      formatCents(0, document.documentElement.lang || 'pt-BR');
    } catch {
      // Only a warm-up: the page formats its prices as usual.
    }
  }, 0);
}

/**
 * Runs `run` once the browser has put the server's page on screen: when the paint timing API reports the first
 * contentful paint (a frame can be drawn before it, empty of text while the stylesheets and the font settle; starting
 * the app on that frame made the screen's chunks arrive before the page's text was painted, and a phone paid for them
 * before seeing anything: on the services page Lighthouse's FCP went from 1.2 to 1.7 s). A browser without paint
 * timing starts after the next frame; a tab in the background (which paints nothing until shown) starts at once.
 */
function afterFirstPaint(run: () => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    document.removeEventListener('visibilitychange', go);
    // After the paint's task, not inside it.
    setTimeout(run, 0);
  };
  if (document.visibilityState === 'hidden') return go();
  document.addEventListener('visibilitychange', go);
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page that never paints text (it should not happen) still gets its app.
    setTimeout(go, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(go, 0));
  }
}

afterFirstPaint(start);
