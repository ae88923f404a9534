// Registers the campaign offer's strings (both locales) when the banner loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('campaign-offer', { 'pt-BR': ptBR, 'en-US': enUS });
