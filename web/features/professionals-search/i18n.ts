// Registers the professionals search strings (both locales) when one of its screens loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('professionalsSearch', { 'pt-BR': ptBR, 'en-US': enUS });
