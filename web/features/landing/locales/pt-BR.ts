const landing = {
  hero: {
    eyebrow: 'Compra em grupo, do jeito que amigos fazem',
    title: 'Pague só a entrada. A turma leva você até lá.',
    pitch:
      'Escolha um serviço ou produto, pague apenas 10% de entrada e chame os amigos. Quando a turma completa, todo mundo desbloqueia o preço de grupo. Se ela não fechar no prazo, a sua entrada volta.',
    cta: 'COMEÇAR AGORA',
    seePlans: 'Ver planos',
    perks: {
      entry: 'Entrada de só 10%',
      refund: 'Reembolso automático',
      pros: 'Profissionais aprovados',
    },
    example: {
      title: 'Como fica na prática',
      badge: 'Exemplo ilustrativo',
      fullPrice: 'Preço cheio',
      groupPrice: 'Preço de turma',
      entry: 'Você paga agora',
      entryNote: 'entrada de 10%',
      group_one: 'Turma de {{count}} pessoa',
      group_other: 'Turma de {{count}} pessoas',
      you: 'Você',
      friend: 'Amigo convidado',
      open: 'Lugar livre',
      note: 'Valores só para ilustrar. Cada plano mostra o próprio preço, entrada e tamanho de turma.',
    },
  },
  how: {
    title: 'Como funciona',
    subtitle: 'Quatro passos entre você e o preço de grupo.',
    steps: {
      choose: {
        title: 'Escolha o plano',
        body: 'Tatuagem, odontologia, estética ou produtos: cada plano mostra o preço cheio, o preço de turma e quantas pessoas a turma precisa.',
      },
      pay: {
        title: 'Pague a entrada',
        body: 'A entrada é 10% do preço de turma, por PIX, boleto ou cartão. Ela garante o seu lugar e fica reservada até a turma fechar.',
      },
      group: {
        title: 'Forme sua turma',
        body: 'Convide amigos com o seu link pelo WhatsApp ou entre em uma turma aberta do mesmo plano. Você acompanha cada lugar preenchido.',
      },
      reward: {
        title: 'A turma completa e você é recompensado',
        body: 'Com todos os lugares pagos, o preço de turma é desbloqueado para cada membro, com a entrada já descontada. Não fechou no prazo? A entrada volta.',
      },
    },
  },
  services: {
    eyebrow: 'Serviços',
    title: 'Profissionais aprovados, perto de você',
    subtitle: 'Tatuagem, odontologia e estética com quem passou pela análise da nossa equipe.',
    points: {
      approved: 'Cada profissional é aprovado um a um, com registro profissional quando a profissão exige.',
      nearby: 'Você encontra quem atende perto do seu endereço.',
      reviews: 'Avaliações de clientes que usaram o voucher de verdade.',
    },
    listTitle: 'Serviços com turma aberta',
    empty: 'Nenhum serviço disponível no momento.',
    from: 'Preço de turma',
    cta: 'Ver todos os serviços',
  },
  marketplace: {
    eyebrow: 'Marketplace',
    title: 'Produtos com entrega na sua casa',
    body: 'Além das turmas, o Turma tem um marketplace de produtos: você monta o carrinho, paga com PIX, boleto ou cartão e acompanha o pedido do pagamento à entrega.',
    points: {
      cart: 'Um carrinho só para produtos e planos',
      stock: 'Estoque conferido na hora do pedido',
      tracking: 'Código de rastreio em cada envio',
    },
    cta: 'Explorar produtos',
    showcase: {
      loading: 'Carregando produtos...',
      listLabel: 'Produtos mais novos',
      empty: 'Nenhum produto à venda no momento.',
      error: 'Não foi possível carregar os produtos agora.',
      retry: 'Tentar novamente',
    },
  },
  faq: {
    title: 'Perguntas frequentes',
    subtitle: 'Entradas, turmas, reembolsos, pagamentos e segurança, sem letras miúdas.',
  },
  final: {
    title: 'Chame a turma e comece hoje',
    body: 'Criar conta é grátis. Você só paga a entrada quando escolher um plano.',
    cta: 'Criar minha conta',
  },
};

export default landing;
export type LandingMessages = typeof landing;
