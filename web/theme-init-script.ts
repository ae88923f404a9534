// The script that sets the theme before first paint, inlined into index.html's <head> by the build
// (web/vite.config.ts) and allowed by the server's CSP through its SHA-256 hash (adapters/http/middleware/
// security-headers.ts), the only inline script the site has. Inline rather than a file: a blocking external script
// costs a phone one more round trip before anything is drawn.
//
// Mirrors web/lib/theme.ts (preference in localStorage "theme" = light | dark | system, the default) and the language
// chosen in localStorage "locale"; it also paints the theme-experiment hue (web/lib/experiment-tracker.ts
// applyThemeVariant), assigning a new visitor's variant here as core's assignThemeVariant does (kept in localStorage for
// the app to enrol): painted before the browser's first style pass, the hue costs no second pass over the whole page.
// Plain ES5 in a string: it runs as written, before any module.
import { THEME_GOLDEN_SHARE, THEME_VARIANT_HUES, THEME_VARIANT_STORAGE_KEY } from '../core/experiments/theme-variant.ts';

export const THEME_INIT_SCRIPT = `(function () {
  var root = document.documentElement, store = null, pref = 'system';
  try { store = window.localStorage; } catch (e) { /* storage blocked: follow the system */ }
  function read(key) { try { return store ? store.getItem(key) : null; } catch (e) { return null; } }
  var stored = read('theme');
  if (stored === 'light' || stored === 'dark' || stored === 'system') pref = stored;
  var dark = pref === 'dark' || (pref === 'system' && !(window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches));
  var theme = dark ? 'dark' : 'light';
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-theme-preference', pref);
  root.style.colorScheme = theme;
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#15110e' : '#fffaf5');
  var locale = read('locale');
  if (locale === 'pt-BR' || locale === 'en-US') root.setAttribute('lang', locale);
  var hues = ${JSON.stringify(THEME_VARIANT_HUES)}, variantKey = ${JSON.stringify(THEME_VARIANT_STORAGE_KEY)}, variant = read(variantKey);
  if (!variant || !Object.prototype.hasOwnProperty.call(hues, variant)) {
    variant = Math.random() < ${THEME_GOLDEN_SHARE} ? 'golden' : 'friendship';
    try { if (store) store.setItem(variantKey, variant); } catch (e) { /* kept for this page only */ }
  }
  if (Object.prototype.hasOwnProperty.call(hues, variant)) {
    var hue = hues[variant];
    root.setAttribute('data-theme-variant', variant);
    root.style.setProperty('--accent-hue', String(hue));
  }
})();`;

/** The <script> element as it stands in the built index.html. */
export const THEME_INIT_TAG = `<script>${THEME_INIT_SCRIPT}</script>`;
