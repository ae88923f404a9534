// Texts of the notification bell and of /notifications. (The notifications themselves arrive
// written by the server, in pt-BR.)
const notifications = {
  loading: 'Carregando...',
  retry: 'Tentar novamente',
  empty: 'Nenhuma notificação por aqui',
  markAll: 'Marcar todas como lidas',
  unreadPrefix: 'Não lida:',
  bell: {
    label: 'Notificações',
    labelUnread_one: 'Notificações: {{count}} não lida',
    labelUnread_other: 'Notificações: {{count}} não lidas',
    panel: 'Notificações',
    error: 'Não foi possível carregar.',
    all: 'Ver todas as notificações',
  },
  page: {
    docTitle: 'Notificações',
    title: 'Notificações',
    lead: 'As novidades das suas turmas e pagamentos.',
    unread_one: 'Você tem {{count}} notificação não lida.',
    unread_other: 'Você tem {{count}} notificações não lidas.',
    error: 'Não foi possível carregar as notificações',
    emptyBody: 'Quando algo acontecer nas suas turmas — alguém entrar, a turma completar, um pagamento for confirmado — você fica sabendo aqui.',
    open: 'Abrir',
    markRead: 'Marcar como lida',
    markReadLabel: 'Marcar como lida: {{title}}',
    markError: 'Não foi possível marcar como lida',
    allRead: 'Tudo lido!',
    more: 'Carregar mais',
  },
};

export default notifications;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type NotificationsMessages = Widen<typeof notifications>;
