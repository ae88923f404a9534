// i18next setup: pt-BR is the default, en-US the second locale. The choice lives in localStorage
// "locale" and is mirrored on <html lang>. Features register their own namespaces on import.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

export const LOCALES = ['pt-BR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

function storedLocale(): Locale {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  ns: ['common'],
  defaultNS: 'common',
  resources: { 'pt-BR': { common: ptBR }, 'en-US': { common: enUS } },
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  showSupportNotice: false,
  initAsync: false,
  react: { useSuspense: false },
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export async function changeLocale(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  await i18n.changeLanguage(locale);
}

/** A feature's strings in both locales, added under its own namespace (call at module load). */
export function registerTranslations<T extends object>(ns: string, messages: Record<Locale, T>) {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, messages[locale], true, true);
  }
}
