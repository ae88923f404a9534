// Registers the browser notifications switch's strings (both locales) when it loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('push', { 'pt-BR': ptBR, 'en-US': enUS });
