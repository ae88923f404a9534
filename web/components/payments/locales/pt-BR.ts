// Texts of the payment panel (group entry/balance and marketplace orders).
const paymentPanel = {
  method: { PIX: 'PIX', BOLETO: 'Boleto', CREDIT_CARD: 'Cartão de crédito' },
  methodHint: {
    PIX: 'Aprovação em segundos, pelo app do seu banco.',
    BOLETO: 'Compensação em até 3 dias úteis.',
    CREDIT_CARD: 'Em até 12x, na página segura do provedor.',
  },
  status: {
    pending: 'Aguardando pagamento',
    confirmed: 'Pagamento confirmado!',
    cancelled: 'Pagamento cancelado',
    failed: 'O pagamento falhou',
    refund_pending: 'Reembolso em andamento',
    refunded: 'Pagamento reembolsado',
    amount_mismatch: 'Valor recebido diferente do esperado: nossa equipe vai analisar',
  },
  panel: {
    title: 'Forma de pagamento',
    installments: 'Parcelas',
    installmentOne: 'À vista: {{value}}',
    installmentOption: '{{count}}x de {{value}}',
    create: { PIX: 'Gerar código PIX de {{value}}', BOLETO: 'Gerar boleto de {{value}}', CREDIT_CARD: 'Pagar {{value}} com cartão' },
    creating: 'Gerando a cobrança...',
    loading: 'Carregando pagamento...',
    secure: 'Pagamento processado com segurança pelo nosso provedor.',
    change: 'Trocar forma de pagamento',
    polling: 'Esta tela se atualiza sozinha: verificamos a cada 8 segundos.',
    pollingStopped: 'Paramos a verificação automática. Se você já pagou, toque em "Já paguei, verificar".',
    checkNow: 'Já paguei, verificar',
    checking: 'Verificando...',
    notYet: 'Ainda não recebemos a confirmação. PIX costuma chegar em segundos; boleto pode levar até 3 dias úteis.',
    cancelledNotice: 'A cobrança anterior foi cancelada. Escolha a forma de pagamento de novo.',
  },
  show: {
    title: { PIX: 'Pague com PIX', BOLETO: 'Pague com boleto', CREDIT_CARD: 'Pague com cartão' },
    installments_one: '{{count}}x',
    installments_other: '{{count}}x',
    pix: {
      qrAlt: 'QR Code PIX para pagar {{value}}',
      step1: 'Abra o app do seu banco e escolha pagar com PIX.',
      step2: 'Escaneie o QR Code ou cole o código copia e cola.',
      step3: 'Confira o valor de {{value}} e confirme.',
      copyLabel: 'PIX copia e cola',
      copy: 'Copiar código',
      copied: 'Código copiado!',
      expiresIn: 'O código expira em',
      expiredShort: 'expirado — troque a forma de pagamento para gerar outro',
    },
    boleto: {
      body: 'Pague no app do banco, no internet banking ou em uma lotérica até o vencimento. A compensação leva até 3 dias úteis.',
      open: 'Abrir boleto',
      openLabel: 'Abrir boleto (abre em nova aba)',
      missing: 'O link do boleto ainda não está disponível. Tente verificar em instantes.',
    },
    card: {
      body: 'Informe o cartão na página segura do provedor de pagamentos. Depois volte para esta tela: ela se atualiza sozinha.',
      open: 'Pagar com cartão',
      openLabel: 'Pagar com cartão na página segura (abre em nova aba)',
      sandbox: 'No ambiente de teste não existe página de cartão: use "Simular pagamento" abaixo.',
      missing: 'A página de pagamento com cartão ainda não está disponível. Tente verificar em instantes.',
    },
  },
  sandbox: {
    title: 'Ambiente de teste',
    body: 'Nenhum dinheiro real é cobrado aqui. Simule a confirmação do provedor de pagamentos:',
    cta: 'Simular pagamento',
    running: 'Simulando...',
    error: 'Não foi possível simular o pagamento',
  },
  profile: {
    title: 'Falta o CPF no seu cadastro',
    body: 'A cobrança é emitida no seu CPF e ele não está no seu cadastro. Fale com o suporte para incluí-lo e depois volte aqui para pagar.',
    profile: 'Ver meu perfil',
    support: 'Falar com o suporte',
    subject: 'Incluir CPF no meu cadastro',
  },
  errors: {
    createTitle: 'Não foi possível gerar o pagamento',
    loadTitle: 'Não foi possível carregar o pagamento',
    retry: 'Tentar novamente',
  },
};

export default paymentPanel;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PaymentPanelMessages = Widen<typeof paymentPanel>;
