// Registers the professional screens' strings (both locales) when one of them loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('professionalDashboard', { 'pt-BR': ptBR, 'en-US': enUS });
