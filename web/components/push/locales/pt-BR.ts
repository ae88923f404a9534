// Texts of the browser notifications switch on /notifications and /profile.
const push = {
  title: 'Notificações no navegador',
  lead: 'Receba um aviso neste aparelho quando algo acontecer nas suas turmas e pagamentos, mesmo com o Turma fechado.',
  checking: 'Verificando este navegador...',
  enable: 'Ativar notificações no navegador',
  disable: 'Desativar',
  working: 'Aguarde...',
  on: 'Ativadas neste navegador. Você pode escolher o que recebe em Preferências de mensagens, no seu perfil.',
  off: 'Desativadas neste navegador.',
  unsupported: 'Este navegador não recebe notificações. No iPhone, adicione o Turma à Tela de Início (Compartilhar › Adicionar à Tela de Início) e ative por lá.',
  deniedTitle: 'As notificações estão bloqueadas para o Turma neste navegador.',
  deniedHelp: 'Para permitir, clique no cadeado ao lado do endereço do site, em Notificações escolha Permitir e recarregue a página. No celular, abra as configurações do navegador › Configurações do site › Notificações.',
  recheck: 'Já permiti, verificar de novo',
  enabled: 'Notificações ativadas neste navegador',
  disabled: 'Notificações desativadas neste navegador',
  error: 'Não foi possível mudar as notificações deste navegador.',
  retry: 'Tentar novamente',
};

export default push;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PushMessages = Widen<typeof push>;
