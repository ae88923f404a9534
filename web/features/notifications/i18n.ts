// Registers the notification strings (both locales) when the bell or the screen loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('notifications', { 'pt-BR': ptBR, 'en-US': enUS });
