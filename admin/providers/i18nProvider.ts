// i18n provider: our complete pt-BR by default, English loaded on demand from the app bar's switcher.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { ptBR } from '../i18n/pt-BR';

export const LOCALES = [
  { locale: 'pt-BR', name: 'Português (BR)' },
  { locale: 'en-US', name: 'English (US)' },
];

const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en-US'
    ? import('../i18n/en-US').then((module) => module.enUS)
    : (ptBR as unknown as TranslationMessages);

export const i18nProvider = polyglotI18nProvider(getMessages, 'pt-BR', LOCALES);
