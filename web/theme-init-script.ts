// The script that sets the theme, language and theme-experiment hue before first paint: inlined into index.html by the
// build and allowed by the CSP through its SHA-256 hash (a blocking external script would cost a phone a round trip).
// Mirrors web/lib/theme.ts and core's assignThemeVariant; plain ES5 in a string, it runs as written before any module.
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
