import type { PushMessages } from './pt-BR';

const push: PushMessages = {
  title: 'Browser notifications',
  lead: 'Get an alert on this device when something happens in your groups and payments, even with Turma closed.',
  checking: 'Checking this browser...',
  enable: 'Turn on browser notifications',
  disable: 'Turn off',
  working: 'Please wait...',
  on: 'On in this browser. You can choose what you get under Message preferences, in your profile.',
  off: 'Off in this browser.',
  unsupported: "This browser can't receive notifications. On an iPhone, add Turma to the Home Screen (Share › Add to Home Screen) and turn them on there.",
  deniedTitle: 'Notifications are blocked for Turma in this browser.',
  deniedHelp: "To allow them, click the lock next to the site's address, set Notifications to Allow and reload the page. On a phone, open the browser's settings › Site settings › Notifications.",
  recheck: "I've allowed them, check again",
  enabled: 'Notifications on in this browser',
  disabled: 'Notifications off in this browser',
  error: "Couldn't change this browser's notifications.",
  retry: 'Try again',
};

export default push;
