import type ptBR from './pt-BR';

const ssrMeta: typeof ptBR = {
  siteName: 'Turma',
  homeDescription: 'Pay only the entry, form your group with friends and unlock the group price on services and products.',
  servicesDescription: 'Plans at group prices: {{plans}}. Pay only the entry and form your group.',
  productFallback: '{{name}} on the Turma marketplace, for {{price}}.',
  professionalFallback: '{{name}} ({{category}}) on Turma: reviews, address and the plans at the group price.',
  inviteTitle: '{{name}} invited you to the {{plan}} group',
  inviteTitleNoPlan: '{{name}} invited you to a group',
  inviteDescription_one: 'Pay only the entry and unlock the group price: {{count}} place left.',
  inviteDescription_other: 'Pay only the entry and unlock the group price: {{count}} places left.',
  inviteClosed: "See Turma's plans and form your own group.",
};

export default ssrMeta;
