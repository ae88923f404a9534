// commander's English parse errors and help headings, as operators read them (pt-BR).
import { describe, expect, it } from 'vitest';
import { translateCommanderMessage, translateHelpTitle, translateUsage } from '../../cli/i18n';

describe('translateCommanderMessage', () => {
  it.each([
    ["error: unknown option '--nope'\n", "erro: opção desconhecida '--nope'\n"],
    ["error: unknown command 'userz'\n(Did you mean users?)\n", "erro: comando desconhecido 'userz'\n(Você quis dizer users?)\n"],
    ["error: unknown option '--jsn'\n(Did you mean --json?)\n", "erro: opção desconhecida '--jsn'\n(Você quis dizer --json?)\n"],
    ["error: missing required argument 'conta'\n", "erro: falta o argumento obrigatório 'conta'\n"],
    ["error: option '--limit <n>' argument missing\n", "erro: falta o valor da opção '--limit <n>'\n"],
    ["error: required option '--file <csv>' not specified\n", "erro: a opção obrigatória '--file <csv>' não foi informada\n"],
    ["error: option '--limit <n>' argument 'x' is invalid. Not a number.\n", "erro: valor inválido 'x' para a opção '--limit <n>' Not a number.\n"],
    ["error: too many arguments for 'status'. Expected 0 arguments but got 3.\n", "erro: argumentos demais para 'status': esperado(s) 0, recebido(s) 3\n"],
    ['error: too many arguments. Expected 1 argument but got 2.\n', 'erro: argumentos demais: esperado(s) 1, recebido(s) 2\n'],
    ["error: option '--yes' cannot be used with option '--dry-run'\n", "erro: option '--yes' não pode ser usada com option '--dry-run'\n"],
  ])('%j', (english, portuguese) => {
    expect(translateCommanderMessage(english)).toBe(portuguese);
  });

  it('passes anything it does not know through unchanged', () => {
    expect(translateCommanderMessage('(use --help para ver as opções)\n')).toBe('(use --help para ver as opções)\n');
    expect(translateCommanderMessage('something else entirely')).toBe('something else entirely');
  });
});

describe('help headings and usage', () => {
  it('translates the headings and placeholders commander prints', () => {
    expect(['Usage:', 'Options:', 'Commands:', 'Arguments:', 'Global Options:', 'Outro:'].map(translateHelpTitle)).toEqual(['Uso:', 'Opções:', 'Comandos:', 'Argumentos:', 'Opções globais:', 'Outro:']);
    expect(translateUsage('turma users [options] [command]')).toBe('turma users [opções] [comando]');
  });
});
