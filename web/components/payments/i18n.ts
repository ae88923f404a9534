// Registers the payment panel' strings (both locales) when the component loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('payment-panel', { 'pt-BR': ptBR, 'en-US': enUS });
