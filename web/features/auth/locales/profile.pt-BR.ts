// Texts of /profile (personal data, address, password, LGPD export, account deletion) and of the
// signed-in dashboard placeholder.
const profile = {
  docTitle: 'Meu perfil',
  title: 'Meu perfil',
  lead: 'Seus dados pessoais, endereço, senha e privacidade.',
  loading: 'Carregando seu perfil...',
  loadErrorTitle: 'Erro ao carregar perfil',
  retry: 'Tentar novamente',
  notFoundNote: 'Ainda não encontramos os dados do seu perfil. Preencha abaixo e salve.',
  personal: {
    title: 'Dados pessoais',
    fullName: 'Nome completo',
    phone: 'Telefone',
    birthDate: 'Data de nascimento',
    email: 'E-mail',
    cpf: 'CPF',
    readOnlyHint: 'Não pode ser alterado aqui. Fale com o suporte se estiver errado.',
    submit: 'Salvar dados',
    errorTitle: 'Erro ao atualizar perfil',
  },
  address: {
    title: 'Endereço',
    lead: 'Usado para encontrar profissionais perto de você e para entregas do marketplace.',
    submit: 'Salvar endereço',
    errorTitle: 'Erro ao atualizar endereço',
  },
  saving: 'Salvando...',
  saved: 'Perfil atualizado!',
  savedBody: 'Suas alterações foram salvas.',
  nothingChanged: 'Nenhuma alteração para salvar.',
  password: {
    title: 'Senha',
    lead: 'Para trocar, confirme a senha atual.',
    current: 'Senha atual',
    next: 'Nova senha',
    confirm: 'Confirme a nova senha',
    nextHint: 'Mínimo de 6 caracteres.',
    submit: 'Atualizar senha',
    submitting: 'Atualizando...',
    successTitle: 'Senha atualizada!',
    successBody: 'Use a nova senha no próximo login.',
    errorTitle: 'Erro ao atualizar senha',
  },
  data: {
    title: 'Seus dados',
    lead: 'Baixe uma cópia de tudo o que guardamos sobre você (arquivo JSON), como garante a LGPD.',
    download: 'Baixar meus dados',
  },
  danger: {
    title: 'Excluir conta',
    lead: 'Exclui a sua conta e os seus dados pessoais. Esta ação não pode ser desfeita.',
    open: 'Excluir minha conta',
  },
  deleteDialog: {
    title: 'Excluir minha conta',
    intro: 'Antes de continuar, veja o que acontece com os seus dados:',
    deletedTitle: 'Excluído ou anonimizado',
    deleted: [
      'Seu nome, CPF, telefone, data de nascimento e endereço são apagados.',
      'Seu e-mail é trocado por um identificador anônimo e você não poderá mais entrar com esta conta.',
      'Todas as suas sessões são encerradas.',
    ],
    keptTitle: 'Guardado por obrigação legal',
    kept: [
      'Registros de pagamentos, reembolsos e pedidos, pelo prazo exigido pela legislação fiscal.',
      'Registros de acesso à plataforma, pelo prazo do Marco Civil da Internet.',
      'Esses registros ficam desvinculados dos seus dados de contato.',
    ],
    password: 'Digite sua senha para confirmar',
    cancel: 'Cancelar',
    confirm: 'Excluir conta definitivamente',
    deleting: 'Excluindo...',
    successTitle: 'Conta excluída',
    successBody: 'Sentiremos sua falta. Você pode criar uma nova conta quando quiser.',
    errorTitle: 'Erro ao excluir conta',
  },
  dashboard: {
    greeting: 'Olá, {{name}}!',
    body: 'Meu painel — esta tela ainda está em construção.',
    hint: 'Em breve você acompanha aqui as suas turmas, pagamentos e vouchers. Enquanto isso, conheça os planos ou complete o seu perfil.',
    plans: 'Ver planos',
    profile: 'Meu perfil',
  },
};

export default profile;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ProfileMessages = Widen<typeof profile>;
