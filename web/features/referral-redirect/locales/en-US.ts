import type ptBR from './pt-BR';

const enUS: typeof ptBR = {
  title: 'Redirecting…',
  hint: 'You were invited to Turma. Just a moment.',
};
export default enUS;
