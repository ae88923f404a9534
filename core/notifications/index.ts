// Notifications: in-app messages, stored in pt-BR with the facts they speak of and rendered in en-US on request.
export * from './ports';
export * from './notification-texts';
export * from './notifications';
export * from './schemas';
