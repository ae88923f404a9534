// Entry point of the customer web app: the stylesheets, the theme experiment, and the app (web/boot.tsx), started once
// the browser has painted a server-rendered page (at once on a client-rendered one), so the page's CSS, font and
// pictures have the connection to themselves. Early taps are replayed (docs/server-rendering.md).
import '@fontsource-variable/bricolage-grotesque/wght.css';
import './styles.css';
import { keepEarlyInput } from './lib/early-input';
import { startThemeExperiment } from './lib/experiment-tracker';
import { SCREEN_CHUNKS_ID, SSR_STATE_ID } from './ssr/meta';
import { formatCents } from '../core/shared/money';

// The theme experiment: the visitor is enrolled in the background (the inline theme script has painted the hue).
startThemeExperiment();
// A button pressed (or a choice made) before the app has taken the page over is replayed once it has.
keepEarlyInput();

/**
 * Links added per task: each costs the main thread ~0.5-2 ms (×4 on a slow phone), and a signed-in screen lists ~30
 * chunks, which in one task blocked input for ~200 ms on Lighthouse's phone (docs/server-rendering.md).
 */
const PRELOADS_PER_TASK = 4;

/** A server-rendered page's screen chunks (web/ssr/meta.ts chunkTags): fetched with the app, not after it. */
function preloadScreen() {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(SCREEN_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  const valid = files.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.js$/.test(file));
  const addFrom = (from: number) => {
    for (const file of valid.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
    if (from + PRELOADS_PER_TASK < valid.length) setTimeout(() => addFrom(from + PRELOADS_PER_TASK), 0);
  };
  addFrom(0);
}

/**
 * What started the app, kept on <html data-app-start> (browser tests read it): 'shell' (a client-rendered page: at
 * once), 'paint' (the first contentful paint of a server-rendered page), 'frame' (no paint timing), 'hidden' (a tab in
 * the background) or 'timeout' (a server-rendered page that never painted text).
 */
type StartTrigger = 'shell' | 'paint' | 'frame' | 'hidden' | 'timeout';

let started = false;
function start(trigger: StartTrigger) {
  if (started) return;
  started = true;
  document.documentElement.dataset.appStart = trigger;
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
function afterFirstPaint(run: (trigger: StartTrigger) => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = (trigger: StartTrigger) => {
    if (done) return;
    done = true;
    observer?.disconnect();
    document.removeEventListener('visibilitychange', onHidden);
    // After the paint's task, not inside it.
    setTimeout(() => run(trigger), 0);
  };
  const onHidden = () => go('hidden');
  if (document.visibilityState === 'hidden') return go('hidden');
  document.addEventListener('visibilitychange', onHidden);
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go('paint');
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page that never paints text (it should not happen) still gets its app.
    setTimeout(() => go('timeout'), 3000);
  } else {
    requestAnimationFrame(() => setTimeout(() => go('frame'), 0));
  }
}

// A server-rendered page carries the data it was drawn with (web/ssr/state.ts); the skeleton of a client-rendered one
// (the top bar and 'Carregando...') does not, and waiting for its paint would only delay the screen itself.
if (document.getElementById(SSR_STATE_ID)) afterFirstPaint(start);
else start('shell');
