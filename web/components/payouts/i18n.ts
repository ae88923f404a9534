// Registers the payouts table's strings (both locales) when the component loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('payouts', { 'pt-BR': ptBR, 'en-US': enUS });
