// Registers the dashboard's strings (both locales) when it loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('dashboard', { 'pt-BR': ptBR, 'en-US': enUS });
