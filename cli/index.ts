// The operators' CLI (`turma`): tables for people, --json for scripts, a non-zero exit with a one-line reason on failure.
import { Command, Help } from 'commander';
import { registerDbCommands } from './commands/db';
import { registerSeedCommand } from './commands/seed';
import { registerUserCommands } from './commands/users';
import { registerOperationCommands } from './commands/operations';
import { registerMarketplaceCommands } from './commands/marketplace';
import { reportError } from './runtime';
import { translateCommanderMessage, translateHelpTitle, translateUsage } from './i18n';

export function buildProgram(): Command {
  const program = new Command('turma')
    .description('Turma — ferramentas de operação')
    .version('0.1.0', '-v, --version', 'mostra a versão')
    .helpOption('-h, --help', 'mostra a ajuda')
    .helpCommand('help [comando]', 'mostra a ajuda de um comando')
    .showHelpAfterError('(use --help para ver as opções)')
    // Set before the subcommands are added: they inherit both.
    .configureOutput({ outputError: (text, write) => write(translateCommanderMessage(text)) })
    .configureHelp({
      styleTitle: translateHelpTitle,
      commandUsage: (cmd) => translateUsage(Help.prototype.commandUsage.call(new Help(), cmd)),
      subcommandTerm: (cmd) => translateUsage(Help.prototype.subcommandTerm.call(new Help(), cmd)),
    });
  registerDbCommands(program);
  registerSeedCommand(program);
  registerUserCommands(program);
  registerOperationCommands(program);
  registerMarketplaceCommands(program);
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch(reportError);
