// Runs before first paint (blocking, same-origin file: the CSP forbids inline scripts).
// Mirrors web/lib/theme.ts: preference in localStorage "theme" = light | dark | system (default).
(function () {
  var root = document.documentElement;
  var pref = 'system';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') pref = stored;
  } catch (e) {
    /* storage blocked: follow the system */
  }
  var dark = pref === 'dark' || (pref === 'system' && !(window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches));
  var theme = dark ? 'dark' : 'light';
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-theme-preference', pref);
  root.style.colorScheme = theme;
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#15110e' : '#fffaf5');
  try {
    var locale = window.localStorage.getItem('locale');
    if (locale === 'pt-BR' || locale === 'en-US') root.setAttribute('lang', locale);
  } catch (e) {
    /* ignore */
  }
})();
