// Registers the onboarding screens' strings (both locales) when one of them loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('professionalOnboarding', { 'pt-BR': ptBR, 'en-US': enUS });
