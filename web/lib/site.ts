// Public contact points and social profiles, in one place so operations can change them.
export const SUPPORT_EMAIL = 'suporte@turma.com.br';
export const PRIVACY_EMAIL = 'privacidade@turma.com.br';
export const WHATSAPP_NUMBER_DISPLAY = '+55 11 4000-8922';
export const WHATSAPP_URL = 'https://wa.me/551140008922';
export const INSTAGRAM_URL = 'https://instagram.com/turma';
export const YOUTUBE_URL = 'https://youtube.com/@turma';
