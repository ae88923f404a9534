// Registers the referral redirect's strings (both locales) when the screen loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('referralRedirect', { 'pt-BR': ptBR, 'en-US': enUS });
