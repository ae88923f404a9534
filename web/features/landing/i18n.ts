// Registers the landing's strings (both locales) when the landing chunk loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('landing', { 'pt-BR': ptBR, 'en-US': enUS });
