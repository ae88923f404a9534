// commander speaks English; operators read pt-BR. Its parse errors and help headings are translated on the way out.
// Pure functions: tested on their own (tests/cli/cli-i18n.test.ts) and through the real binary (cli.test.ts).

const HELP_TITLES: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opções:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Argumentos:',
  'Global Options:': 'Opções globais:',
};

export function translateHelpTitle(title: string): string {
  return HELP_TITLES[title] ?? title;
}

/** commander's usage placeholders ("turma users [options] [command]", "list [options]"). */
export function translateUsage(usage: string): string {
  return usage.replace(/\[options\]/g, '[opções]').replace(/\[command\]/g, '[comando]');
}

const MESSAGES: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^error: unknown option '(.+?)'/, (flag) => `erro: opção desconhecida '${flag}'`],
  [/^error: unknown command '(.+?)'/, (name) => `erro: comando desconhecido '${name}'`],
  [/^error: missing required argument '(.+?)'/, (name) => `erro: falta o argumento obrigatório '${name}'`],
  [/^error: option '(.+?)' argument missing/, (flags) => `erro: falta o valor da opção '${flags}'`],
  [/^error: required option '(.+?)' not specified/, (flags) => `erro: a opção obrigatória '${flags}' não foi informada`],
  [/^error: option '(.+?)' argument '(.*?)' is invalid\.?/, (flags, value) => `erro: valor inválido '${value}' para a opção '${flags}'`],
  [/^error: command-argument value '(.*?)' is invalid for argument '(.+?)'\.?/, (value, name) => `erro: valor inválido '${value}' para o argumento '${name}'`],
  [
    /^error: too many arguments(?: for '(.+?)')?\. Expected (\d+) arguments? but got (\d+)\./,
    (command, expected, got) => `erro: argumentos demais${command ? ` para '${command}'` : ''}: esperado(s) ${expected}, recebido(s) ${got}`,
  ],
  [/^error: (.+) cannot be used with (.+)$/, (a, b) => `erro: ${a} não pode ser usada com ${b}`],
];

/** One commander error (it may end with a "(Did you mean …?)" line) in pt-BR; anything unknown passes unchanged. */
export function translateCommanderMessage(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const suggestion = /^\(Did you mean (.+)\?\)$/.exec(line);
      if (suggestion) return `(Você quis dizer ${suggestion[1]}?)`;
      for (const [pattern, render] of MESSAGES) {
        const match = pattern.exec(line);
        // What follows the matched part (an InvalidArgumentError's own message, already ours) is kept.
        if (match) return render(...match.slice(1).map((g) => g ?? '')) + line.slice(match[0].length);
      }
      return line;
    })
    .join('\n');
}
