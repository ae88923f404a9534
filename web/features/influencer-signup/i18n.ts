// Registers the influencer sign-up's strings (both locales) when the screen loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('influencerSignup', { 'pt-BR': ptBR, 'en-US': enUS });
