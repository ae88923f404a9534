// Registers the checkout's strings (both locales) when one of its steps loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('checkout', { 'pt-BR': ptBR, 'en-US': enUS });
