// Messaging: a person's channel choices (e-mail, WhatsApp, push, the bell) per kind of message, the WhatsApp double
// opt-in, the log of outside messages and the fan-out of each notification to the channels allowed.
export * from './categories';
export * from './ports';
export * from './phone';
export * from './schemas';
export * from './preferences.service';
export * from './push-ports';
export * from './fanout';
export * from './email-audience';
