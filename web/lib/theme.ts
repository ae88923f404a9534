// Theme preference (light | dark | system) kept in localStorage "theme" (docs/product/spec.md §1, §9) and applied
// to <html data-theme>. The inline theme script (web/theme-init-script.ts) applies the same rule before first paint.
import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

const THEME_COLORS: Record<ResolvedTheme, string> = { dark: '#15110e', light: '#fffaf5' };
const LIGHT_QUERY = '(prefers-color-scheme: light)';

function isPreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): ResolvedTheme {
  return window.matchMedia?.(LIGHT_QUERY).matches ? 'light' : 'dark';
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  return preference === 'system' ? systemTheme() : preference;
}

export function applyTheme(preference: ThemePreference): ResolvedTheme {
  const theme = resolveTheme(preference);
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.themePreference = preference;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  return theme;
}

// A tiny store so every toggle on the page (and other tabs) stays in sync.
const listeners = new Set<() => void>();
let current: ThemePreference | null = null;

function getSnapshot(): ThemePreference {
  if (current === null) current = readThemePreference();
  return current;
}

function notify() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = readThemePreference();
    applyTheme(current);
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setThemePreference(preference: ThemePreference) {
  current = preference;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage blocked (private mode): the choice lasts for this page only.
  }
  applyTheme(preference);
  notify();
}

export function useTheme() {
  const preference = useSyncExternalStore(subscribe, getSnapshot, () => 'system' as const);

  // While following the system, react to the OS switching between light and dark.
  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system' || !window.matchMedia) return;
    const media = window.matchMedia(LIGHT_QUERY);
    const onChange = () => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [preference]);

  const setPreference = useCallback((next: ThemePreference) => setThemePreference(next), []);
  return { preference, setPreference };
}
