// Texts of the information pages (about, contact, terms, privacy). {{support}} / {{privacy}} are
// the contact e-mails, filled in by the pages from web/lib/site.ts.
const info = {
  toc: 'Nesta página',
  about: {
    docTitle: 'Sobre nós',
    eyebrow: 'Sobre o Turma',
    title: 'Fazer amigos e influenciar pessoas — e pagar menos por isso',
    lead: 'O Turma nasceu de uma ideia simples: quando um grupo de pessoas quer a mesma coisa, todo mundo deveria ter o preço de grupo. A gente junta a turma, guarda as entradas com segurança e destrava o desconto quando ela completa.',
    sections: [
      {
        title: 'O que fazemos',
        body: 'Reunimos pessoas interessadas no mesmo serviço ou produto — uma tatuagem, um tratamento odontológico, um procedimento estético, um produto do marketplace — e negociamos com profissionais e lojistas um preço de turma. Cada pessoa paga só a entrada de 10% para garantir o lugar e convida amigos para completar a turma.',
      },
      {
        title: 'Dinheiro de cada um, para a compra de cada um',
        body: 'Ninguém é pago com o dinheiro de outro membro. A entrada fica reservada para a sua própria compra até a turma completar e volta automaticamente se ela não fechar no prazo. Bônus de indicação saem da taxa da plataforma, nunca das entradas.',
      },
      {
        title: 'Profissionais de confiança',
        body: 'Todo profissional passa pela análise da nossa equipe antes de atender pelo Turma, com conferência do registro no conselho quando a profissão exige. As avaliações vêm de clientes que usaram o voucher de verdade.',
      },
      {
        title: 'Para quem quer crescer com a gente',
        body: 'Profissionais ganham agenda cheia com clientes que já chegam decididos. Influenciadores recebem um link próprio e uma comissão sobre as entradas confirmadas de quem chega por ele.',
      },
    ],
    ctaPro: 'Seja um profissional parceiro',
    ctaInfluencer: 'Seja um influenciador',
  },
  contact: {
    docTitle: 'Contato',
    eyebrow: 'Contato',
    title: 'Fale com a gente',
    lead: 'Dúvidas sobre uma turma, um pagamento ou a sua conta? Escolha o canal e conte o que aconteceu — se puder, informe o e-mail da sua conta e o nome do plano.',
    support: {
      title: 'Suporte',
      body: 'Turmas, pagamentos, reembolsos, vouchers e pedidos do marketplace.',
    },
    privacy: {
      title: 'Privacidade e dados pessoais',
      body: 'Pedidos sobre os seus dados pessoais (LGPD): acesso, correção, exclusão, portabilidade e revogação de consentimento.',
    },
    whatsapp: {
      title: 'WhatsApp',
      body: 'Atendimento por mensagem para dúvidas rápidas.',
      link: 'Conversar no WhatsApp',
    },
    faqHint: 'Muitas respostas já estão nas perguntas frequentes.',
    faqLink: 'Ver perguntas frequentes',
  },
  terms: {
    docTitle: 'Termos de uso',
    title: 'Termos de uso',
    lead: 'Estes termos explicam as regras para usar o Turma. Leia com atenção: ao criar uma conta ou usar a plataforma, você concorda com eles.',
    sections: [
      {
        id: 'aceitacao',
        title: '1. Aceitação dos termos',
        paragraphs: [
          'Ao acessar o Turma, criar uma conta ou contratar qualquer plano, você declara que leu, entendeu e aceita estes Termos de uso e a nossa Política de privacidade. Se não concordar com alguma condição, não utilize a plataforma.',
          'Para criar uma conta é preciso ter 18 anos ou mais e capacidade civil para contratar.',
        ],
      },
      {
        id: 'servico',
        title: '2. Sobre o serviço',
        paragraphs: [
          'O Turma é uma plataforma de compra em grupo. Você escolhe um plano (um serviço ou um produto), paga uma entrada equivalente a 10% do preço de turma e forma uma turma convidando amigos ou entrando em uma turma aberta. Quando todas as vagas da turma estão pagas, o preço de turma é liberado para cada membro, e o saldo restante pode ser pago na plataforma.',
          'Se a turma não completar dentro do prazo do plano, as entradas pagas são devolvidas, conforme a seção de pagamentos e reembolsos. O Turma também oferece um marketplace de produtos e a busca de profissionais aprovados perto de você.',
        ],
      },
      {
        id: 'responsabilidades',
        title: '3. Responsabilidades do usuário',
        paragraphs: ['Ao usar o Turma, você se compromete a:'],
        items: [
          'fornecer informações verdadeiras, completas e atualizadas no cadastro e mantê-las assim;',
          'honrar os pagamentos combinados, incluindo o saldo do plano quando a sua turma completar;',
          'tratar com respeito os outros usuários, os profissionais e a nossa equipe;',
          'não usar a plataforma para fins ilícitos, fraudulentos ou que violem direitos de terceiros;',
          'manter a sua senha em sigilo e avisar o suporte se suspeitar de uso indevido da sua conta.',
        ],
      },
      {
        id: 'pagamentos',
        title: '4. Pagamentos e reembolsos',
        paragraphs: [
          'Todos os pagamentos — entradas, saldos e compras do marketplace — são processados dentro da plataforma, por PIX, boleto ou cartão de crédito, por meio de um parceiro de pagamentos. Não faça pagamentos por fora do Turma: eles não ficam protegidos por estes termos.',
          'Quando uma turma não completa no prazo, cada entrada paga é reembolsada automaticamente pelo mesmo meio de pagamento ou, se você escolher, mantida como crédito na sua carteira Turma. Os demais casos de reembolso e cancelamento seguem a nossa política de reembolso, disponível a qualquer momento pelo suporte, sem prejuízo dos direitos previstos no Código de Defesa do Consumidor.',
        ],
      },
      {
        id: 'responsabilidade',
        title: '5. Limitação de responsabilidade',
        paragraphs: [
          'O Turma é uma plataforma intermediária: aproximamos clientes, profissionais e vendedores, reunimos as turmas e processamos os pagamentos. Os serviços são prestados pelos profissionais parceiros, que respondem pela qualidade, segurança e resultado do próprio trabalho.',
          'Aprovamos os profissionais e acompanhamos as avaliações, mas não nos responsabilizamos por danos decorrentes da atuação deles, nem por indisponibilidades causadas por terceiros ou por força maior, ressalvados os casos em que a lei determine o contrário.',
        ],
      },
      {
        id: 'alteracoes',
        title: '6. Alterações destes termos',
        paragraphs: [
          'Podemos atualizar estes termos para refletir mudanças no serviço ou na lei. Quando isso acontecer, os usuários serão notificados por e-mail ou por aviso na plataforma antes de as mudanças entrarem em vigor. Continuar usando o Turma depois disso significa aceitar a nova versão.',
        ],
      },
      {
        id: 'contato',
        title: '7. Contato',
        paragraphs: [
          'Dúvidas sobre estes termos podem ser enviadas ao suporte pelo e-mail {{support}} ou pela página de contato.',
        ],
      },
    ],
  },
  privacy: {
    docTitle: 'Política de privacidade',
    title: 'Política de privacidade',
    lead: 'Esta política explica quais dados pessoais o Turma coleta, por que, com quem compartilha e como você exerce os seus direitos, conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).',
    sections: [
      {
        id: 'coleta',
        title: '1. Dados que coletamos',
        paragraphs: ['Coletamos os dados que você informa e os gerados pelo uso da plataforma:'],
        items: [
          'dados de cadastro: nome, e-mail, CPF, telefone e data de nascimento;',
          'endereço, a partir do CEP, para encontrar profissionais perto de você e entregar produtos;',
          'dados de pagamento: forma de pagamento, valores e situação das cobranças (os dados completos do cartão ficam com o parceiro de pagamentos, não com o Turma);',
          'dados de uso: turmas, convites, pedidos e notificações.',
        ],
      },
      {
        id: 'uso',
        title: '2. Como usamos os seus dados',
        paragraphs: ['Usamos os seus dados para:'],
        items: [
          'processar pagamentos, reembolsos e a emissão de documentos fiscais;',
          'conectar você a profissionais aprovados perto do seu endereço;',
          'enviar notificações sobre as suas turmas, pagamentos e pedidos;',
          'melhorar o serviço, corrigir problemas e prevenir fraudes;',
          'cumprir obrigações legais e regulatórias.',
        ],
      },
      {
        id: 'compartilhamento',
        title: '3. Compartilhamento',
        paragraphs: [
          'O Turma não vende dados pessoais. Compartilhamos dados apenas quando necessário para processar pagamentos (com o nosso parceiro de pagamentos), com o seu consentimento (por exemplo, ao resgatar um voucher com um profissional) ou quando a lei ou uma autoridade competente exigir.',
        ],
      },
      {
        id: 'seguranca',
        title: '4. Segurança',
        paragraphs: [
          'Protegemos os seus dados com conexões criptografadas, senhas armazenadas de forma irreversível, controle de acesso por função e registro das ações administrativas. Nenhum sistema é infalível: se ocorrer um incidente que possa trazer risco a você, avisaremos você e a Autoridade Nacional de Proteção de Dados (ANPD).',
        ],
      },
      {
        id: 'direitos',
        title: '5. Seus direitos',
        paragraphs: ['Pela LGPD (Lei 13.709/2018), você pode a qualquer momento:'],
        items: [
          'acessar os seus dados e confirmar como eles são tratados;',
          'corrigir dados incompletos, inexatos ou desatualizados;',
          'pedir a exclusão dos seus dados, ressalvados os que a lei nos obriga a guardar;',
          'solicitar a portabilidade dos seus dados;',
          'revogar o consentimento que tiver dado.',
        ],
        after: 'Você pode baixar os seus dados e excluir a sua conta no seu perfil, ou fazer o pedido pelo e-mail {{privacy}}.',
      },
      {
        id: 'cookies',
        title: '6. Cookies',
        paragraphs: [
          'Usamos um cookie de sessão, necessário para manter você conectado com segurança, e o armazenamento local do navegador para lembrar preferências como tema, idioma e carrinho. Não usamos cookies de publicidade de terceiros.',
        ],
      },
      {
        id: 'retencao',
        title: '7. Retenção',
        paragraphs: [
          'Guardamos os seus dados enquanto a sua conta estiver ativa. Quando você exclui a conta, os dados pessoais são anonimizados; os registros financeiros e fiscais são mantidos pelo prazo que a lei exige.',
        ],
      },
      {
        id: 'alteracoes',
        title: '8. Alterações desta política',
        paragraphs: [
          'Podemos atualizar esta política. Mudanças relevantes serão comunicadas por e-mail ou por aviso na plataforma antes de entrarem em vigor.',
        ],
      },
      {
        id: 'contato',
        title: '9. Contato',
        paragraphs: [
          'Para qualquer assunto sobre privacidade, fale com o suporte pelo e-mail {{support}} ou diretamente com a nossa equipe de privacidade pelo e-mail {{privacy}}.',
        ],
      },
    ],
  },
};

export default info;
export type InfoMessages = typeof info;
