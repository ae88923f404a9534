// Texts of the plan cards and the plans section (landing, dashboard, services).
const plans = {
  plans: {
    title: 'Planos disponíveis',
    subtitle: 'Preço de turma de verdade: a entrada já conta no valor final.',
    loading: 'Carregando planos...',
    empty: 'Nenhum plano disponível no momento',
    emptyHint: 'Volte em breve ou crie sua conta para saber quando novos planos chegarem.',
    error: 'Não foi possível carregar os planos.',
    retry: 'Tentar novamente',
    kind: { service: 'Serviço', product: 'Produto' },
    fullPrice: 'Preço cheio',
    groupPrice: 'Preço de turma',
    discount: '−{{percent}}%',
    entry: 'Entrada de {{value}}',
    groupSize_one: 'Turma de {{count}} pessoa',
    groupSize_other: 'Turma de {{count}} pessoas',
    window_one: 'Prazo de {{count}} dia para fechar',
    window_other: 'Prazo de {{count}} dias para fechar',
    cta: 'Quero este',
    ctaLabel: 'Quero este: {{name}}',
  },
};

export default plans;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PlansMessages = Widen<typeof plans>;
