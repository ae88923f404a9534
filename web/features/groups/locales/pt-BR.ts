// Texts of the group screens: the invite page and my groups (the group card's own texts are in web/components/groups).
const groups = {
  retry: 'Tentar novamente',
  myGroups: {
    docTitle: 'Meus grupos',
    title: 'Meus grupos',
    lead: 'Acompanhe suas turmas, convide amigos e pague o saldo quando a turma completar.',
    paymentHistory: 'Histórico de pagamentos',
    loading: 'Carregando suas turmas...',
    errorTitle: 'Não foi possível carregar suas turmas',
    emptyTitle: 'Você ainda não está em nenhuma turma',
    emptyBody: 'Escolha um plano, pague a entrada e chame os amigos para completar a turma.',
    emptyCta: 'Ver planos',
    active: 'Em andamento',
    noActive: 'Nenhuma turma em andamento agora. Que tal começar outra?',
    history: 'Histórico',
    historyLead: 'Turmas encerradas e reservas que expiraram.',
    footer: 'As novidades das suas turmas também chegam nas',
    notifications: 'notificações',
  },
  join: {
    docTitle: 'Convite para turma',
    docTitleWith: 'Convite: turma de {{plan}}',
    loading: 'Carregando convite...',
    notFoundTitle: 'Convite não encontrado',
    notFoundBody: 'Este link de convite não existe ou foi copiado pela metade. Peça um novo link a quem convidou você.',
    errorTitle: 'Não foi possível carregar o convite',
    seePlans: 'Ver planos',
    eyebrow: 'Convite para turma',
    invitedBy: '{{name}} convidou você para esta turma',
    ownInvite: 'Este é o seu convite: compartilhe o link para completar a turma',
    entry: 'Entrada de {{value}} agora',
    deadline: 'Prazo para completar:',
    welcomeBack: 'Pronto, você entrou na sua conta. Agora é só confirmar sua entrada na turma.',
    alreadyMember: 'Você já faz parte desta turma e sua entrada está paga.',
    alreadyMemberCta: 'Ver minha turma',
    closed: {
      complete: {
        title: 'Esta turma já completou',
        body: 'Todas as vagas foram pagas e o preço de turma foi liberado para quem participou. Você ainda pode entrar em outra turma do mesmo plano.',
      },
      expired: {
        title: 'Esta turma não completou no prazo',
        body: 'O prazo acabou e as entradas foram devolvidas. Você pode começar uma turma nova ou entrar em outra aberta do mesmo plano.',
      },
      cancelled: {
        title: 'Esta turma foi cancelada',
        body: 'Ela não aceita mais participantes. Você pode começar uma turma nova ou entrar em outra aberta do mesmo plano.',
      },
      full: {
        title: 'Esta turma está cheia no momento',
        body: 'Todas as vagas estão pagas ou reservadas. Reservas não pagas são liberadas em até 30 minutos — tente de novo mais tarde ou entre em outra turma do mesmo plano.',
      },
    },
    otherGroup: 'Entrar em outra turma deste plano',
    placeHeldAlready: 'Você já tem uma vaga reservada nesta turma.',
    continuePayment: 'Continuar para o pagamento',
    payNow: 'Ir direto ao pagamento',
    cta: 'Entrar no grupo',
    joining: 'Reservando sua vaga...',
    hintSignedIn: 'Reservamos sua vaga por 30 minutos enquanto você paga a entrada de {{value}}.',
    hintSignedOut: 'Você vai entrar ou criar sua conta e voltar direto para este convite.',
    placeHeldTitle: 'Vaga reservada!',
    placeHeldBody: 'Você tem 30 minutos para pagar a entrada.',
    joinErrorTitle: 'Não foi possível entrar na turma',
    howTitle: 'Como funciona',
    how: {
      entry: 'Você paga só a entrada agora (10% do preço de turma). A turma precisa de {{size}} pessoas.',
      unlock: 'Quando todos pagarem a entrada, o preço de turma é liberado para cada um, com a entrada já descontada.',
      refund: 'Se a turma não completar no prazo, sua entrada volta automaticamente.',
    },
  },
};

export default groups;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type GroupsMessages = Widen<typeof groups>;
