// The operators' CLI (`turma`) as a program: tables for people, --json for scripts, a non-zero exit with a one-line
// reason on failure. `runCli` runs it on any streams and returns the exit code, so tests run it in-process.
import { Command, CommanderError, Help } from 'commander';
import { registerDbCommands } from './commands/db';
import { registerSeedCommand } from './commands/seed';
import { registerUserCommands } from './commands/users';
import { registerOperationCommands } from './commands/operations';
import { registerMarketplaceCommands } from './commands/marketplace';
import { registerProfessionalCommands } from './commands/professionals';
import { registerInfluencerCommands } from './commands/influencers';
import { registerPayoutCommands } from './commands/payouts';
import { registerCampaignCommands } from './commands/campaigns';
import { registerBackupCommands } from './commands/backup';
import { registerStorageCommands } from './commands/storage';
import { registerReportCommands } from './commands/reports';
import { registerMessagesCommands } from './commands/messages';
import { reportError, withCliIo, writeErr, writeOut, type CliIo } from './runtime';
import { translateCommanderMessage, translateHelpTitle, translateUsage } from './i18n';

export function buildProgram(): Command {
  const program = new Command('turma')
    .description('Turma — ferramentas de operação')
    .version('0.1.0', '-v, --version', 'mostra a versão')
    .helpOption('-h, --help', 'mostra a ajuda')
    .helpCommand('help [comando]', 'mostra a ajuda de um comando')
    .showHelpAfterError('(use --help para ver as opções)')
    // Set before the subcommands are added: they inherit all three. commander throws instead of exiting, and
    // writes to the current run's streams.
    .exitOverride()
    .configureOutput({ writeOut, writeErr, outputError: (text, write) => write(translateCommanderMessage(text)) })
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
  registerProfessionalCommands(program);
  registerInfluencerCommands(program);
  registerPayoutCommands(program);
  registerCampaignCommands(program);
  registerBackupCommands(program);
  registerStorageCommands(program);
  registerReportCommands(program);
  registerMessagesCommands(program);
  return program;
}

/**
 * Runs `turma <argv…>` (arguments only, without node and the script) on the given streams and environment (the
 * process's by default) and resolves to the exit code; it never calls process.exit.
 */
export async function runCli(argv: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  // Commands not yet on setExitCode still set process.exitCode: read it for this run, then put it back.
  const processExitCode = process.exitCode;
  process.exitCode = undefined;
  try {
    let code = 0;
    const requested = await withCliIo(io, async () => {
      try {
        await buildProgram().parseAsync([...argv], { from: 'user' });
      } catch (err) {
        // commander has already written its (translated) message, or the help/version for exit code 0.
        code = err instanceof CommanderError ? err.exitCode : reportError(err);
      }
    });
    return code || requested || Number(process.exitCode ?? 0);
  } finally {
    process.exitCode = processExitCode;
  }
}
