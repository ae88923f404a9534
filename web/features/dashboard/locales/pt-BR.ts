// Texts of /dashboard: the payment gate, payments due, my groups, vouchers, recent notifications.
const dashboard = {
  greeting: 'Olá, {{name}}!',
  lead: 'Suas turmas, pagamentos e vouchers em um só lugar.',
  loading: 'Carregando seu painel...',
  error: 'Não foi possível carregar seu painel',
  retry: 'Tentar novamente',
  shortcuts: 'Atalhos do painel',
  links: { groups: 'Meus grupos', payments: 'Pagamentos', notifications: 'Notificações' },
  gate: {
    lead: 'Falta pouco para você entrar na sua primeira turma.',
    title: 'Pague uma entrada para liberar seu painel',
    body: 'Seu painel completo — turmas, convites, vouchers e saldos — abre assim que a sua primeira entrada for confirmada.',
    step1: 'Escolha um plano abaixo e toque em "Quero este".',
    step2: 'Entre em uma turma aberta ou crie a sua.',
    step3: 'Pague só a entrada de 10% por PIX, boleto ou cartão.',
    cta: 'Escolher um plano',
  },
  held: { title: 'Vagas reservadas esperando pagamento' },
  due: {
    title: 'Pagamentos pendentes',
    entry: 'Entrada: {{plan}}',
    holdLeft: 'vaga reservada por mais',
    payEntry: 'Pagar entrada',
    balance: 'Saldo: {{plan}}',
    balanceBody: 'A turma completou! Falta pagar {{value}} para liberar seu voucher.',
    payBalance: 'Pagar saldo',
  },
  groups: {
    title: 'Minhas turmas',
    all: 'Ver todas',
    none: 'Nenhuma turma em andamento agora.',
    start: 'Começar outra turma',
  },
  vouchers: {
    title: 'Vouchers',
    due: 'Saldo de {{value}} a pagar (preço de turma {{price}}).',
    redeemable: 'Pronto para usar com um profissional aprovado.',
    redeemed: 'Já utilizado.',
    see: 'Ver turma',
  },
  notifications: {
    title: 'Notificações recentes',
    all: 'Ver todas',
    loading: 'Carregando...',
    error: 'Não foi possível carregar.',
    empty: 'Nada novo por enquanto.',
    unread: 'Não lida:',
  },
  wallet: {
    title: 'Carteira',
    balance: 'Saldo:',
    loading: 'Carregando...',
    error: 'Não foi possível carregar a carteira.',
    empty: 'Sem créditos por enquanto. Se uma turma não completar, você pode escolher receber a entrada aqui.',
    kinds: { entry_credit: 'Entrada de turma não concluída', referral_bonus: 'Bônus de indicação', spend: 'Crédito usado', spend_return: 'Crédito devolvido', adjustment: 'Ajuste' },
  },
  more: {
    title: 'Mais uma turma?',
    body: 'Cada plano tem seu próprio preço de turma. Chame amigos diferentes para cada um.',
    cta: 'Ver planos',
  },
};

export default dashboard;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type DashboardMessages = Widen<typeof dashboard>;
