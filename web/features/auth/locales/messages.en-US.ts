// Texts of /profile's message choices and of the new-terms notice (en-US).
import type ptBR from './messages.pt-BR';

const messages: typeof ptBR = {
  title: 'Messages',
  lead: 'Choose how you want to hear about each kind of update. Account and security messages always go by e-mail.',
  loading: 'Loading your choices...',
  loadError: 'Could not load your choices.',
  retry: 'Try again',
  saved: 'Choice saved',
  saveError: 'Could not save',
  categories: { transactional: 'Groups and payments', vouchers: 'Vouchers', marketing: 'News and offers' },
  channels: { email: 'E-mail', whatsapp: 'WhatsApp', push: 'Browser notifications (push)', in_app: 'On the site' },
  channelHeader: 'Channel',
  whatsappNeedsNumber: 'Confirm your number below to turn WhatsApp on.',
  pushNeedsSubscription: 'Turn on notifications in this browser to choose push.',
  whatsapp: {
    title: 'Your WhatsApp',
    none: 'Type your mobile number: we will send a 6-digit code on WhatsApp to confirm it is yours.',
    phone: 'Mobile number with area code',
    send: 'Send code',
    pending: 'We sent a code to {{phone}}. Type it below (valid for 10 minutes).',
    code: '6-digit code',
    confirm: 'Confirm',
    resend: 'Change number or resend',
    confirmed: 'WhatsApp confirmed: {{phone}}.',
    remove: 'Remove number',
    removed: 'Number removed. WhatsApp was turned off.',
  },
  legal: {
    title: 'We updated our documents',
    lead: 'To keep using Turma, please read and accept the version in force:',
    terms: 'Terms of Use',
    privacy: 'Privacy Policy',
    version: 'version {{version}}',
    accept: 'I have read and accept',
    accepted: 'Thank you! Your acceptance was recorded.',
    error: 'Could not record it. Please try again.',
  },
};

export default messages;
