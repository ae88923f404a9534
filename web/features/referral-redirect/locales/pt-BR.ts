const ptBR = {
  title: 'Redirecionando…',
  hint: 'Você foi convidado para a Turma. Só um instante.',
};
export default ptBR;
