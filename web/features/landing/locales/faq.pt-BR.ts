// FAQ answers ship with the lazily loaded FAQ chunk, not with the first paint.
const faq = {
  items: [
    {
      id: 'entrada',
      q: 'O que é a entrada e quanto ela custa?',
      a: 'A entrada é 10% do preço de turma do plano, calculada pela plataforma e mostrada antes de você pagar. Ela garante o seu lugar na turma e já conta no valor final: quando a turma completa, você paga só a diferença.',
    },
    {
      id: 'turma',
      q: 'Como eu formo a minha turma?',
      a: 'Depois de pagar a entrada você recebe um link de convite para mandar aos amigos pelo WhatsApp, por e-mail ou onde preferir. Se não quiser esperar, você pode entrar em uma turma aberta do mesmo plano, que ainda tenha lugares livres.',
    },
    {
      id: 'completa',
      q: 'O que acontece quando a turma completa?',
      a: 'Quando todas as entradas da turma estão pagas, o preço de turma é desbloqueado para cada membro e você recebe um voucher do plano. O restante (preço de turma menos a entrada) é pago no seu painel, por PIX, boleto ou cartão em até 12 vezes.',
    },
    {
      id: 'reembolso',
      q: 'E se a turma não completar no prazo?',
      a: 'Cada plano tem um prazo para a turma fechar. Se ele acabar antes, todas as entradas pagas são reembolsadas automaticamente pelo mesmo meio de pagamento, ou ficam como crédito na sua carteira Turma, se você preferir. Avisamos alguns dias antes do fim do prazo e de novo quando ele termina.',
    },
    {
      id: 'pagamento',
      q: 'Quais formas de pagamento são aceitas?',
      a: 'PIX, boleto bancário e cartão de crédito. No PIX o seu lugar fica reservado por 30 minutos enquanto o pagamento é confirmado; o saldo depois que a turma completa pode ser parcelado no cartão em até 12 vezes.',
    },
    {
      id: 'profissionais',
      q: 'Quem são os profissionais que atendem os serviços?',
      a: 'Só profissionais aprovados pela nossa equipe, que conferimos um a um, incluindo o registro no conselho quando a profissão exige (por exemplo, o CRO para dentistas). Você encontra os que atendem perto do seu endereço e vê as avaliações de quem já usou o voucher.',
    },
    {
      id: 'voucher',
      q: 'Como uso o meu voucher?',
      a: 'Com o saldo quitado, o voucher de um plano de serviço fica disponível no seu painel e pode ser usado em um profissional aprovado da categoria do plano: basta informar o código no atendimento. Nos planos de produto, o voucher vira um pedido enviado para o seu endereço.',
    },
    {
      id: 'convites',
      q: 'Ganho alguma coisa convidando amigos?',
      a: 'Durante as campanhas de indicação, sim: quando os amigos que você convidou completam uma turma, você recebe um bônus em crédito para usar no marketplace. O bônus sai da taxa da plataforma, nunca da entrada de outro membro.',
    },
    {
      id: 'piramide',
      q: 'Isso é uma pirâmide?',
      a: 'Não. Ninguém é pago com o dinheiro de outra pessoa: a sua entrada fica reservada para a sua própria compra até a turma completar, e volta para você se ela não fechar. A turma só serve para juntar compradores e conseguir o preço de grupo.',
    },
    {
      id: 'dados',
      q: 'Meus dados estão seguros?',
      a: 'Tratamos seus dados conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018). Não vendemos dados pessoais, usamos conexões criptografadas e guardamos apenas o necessário. No seu perfil você pode baixar uma cópia dos seus dados ou excluir a sua conta.',
    },
  ],
};

export default faq;
export type FaqMessages = typeof faq;
