// Texts of the server-rendered head (titles come from each screen's own namespace): descriptions for link previews.
const ssrMeta = {
  siteName: 'Turma',
  homeDescription: 'Pague só a entrada, forme sua turma com amigos e desbloqueie o preço de grupo em serviços e produtos.',
  servicesDescription: 'Planos com preço de grupo: {{plans}}. Pague só a entrada e forme sua turma.',
  productFallback: '{{name}} no marketplace do Turma, por {{price}}.',
  professionalFallback: '{{name}} ({{category}}) no Turma: avaliações, endereço e os planos com preço de grupo.',
  inviteTitle: '{{name}} convidou você para a turma de {{plan}}',
  inviteTitleNoPlan: '{{name}} convidou você para uma turma',
  inviteDescription_one: 'Pague só a entrada e desbloqueie o preço de grupo: falta {{count}} lugar.',
  inviteDescription_other: 'Pague só a entrada e desbloqueie o preço de grupo: faltam {{count}} lugares.',
  inviteClosed: 'Veja os planos do Turma e forme sua própria turma.',
};

export default ssrMeta;
