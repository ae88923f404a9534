// Registers the account screens' strings (both locales) when one of them loads.
import { registerTranslations } from '../../i18n';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';
import profilePtBR from './locales/profile.pt-BR';
import profileEnUS from './locales/profile.en-US';

registerTranslations('auth', { 'pt-BR': ptBR, 'en-US': enUS });
registerTranslations('profile', { 'pt-BR': profilePtBR, 'en-US': profileEnUS });
