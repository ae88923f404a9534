// `turma users create-admin --email --name [--password-stdin]`.
import type { Command } from 'commander';
import type { AuthService } from '../../core/identity/auth.service';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, ask, printObject, readStdin, withApp, type OutputOptions } from '../runtime';

export function registerUserCommands(program: Command) {
  const users = program.command('users').description('contas de usuário');

  users
    .command('create-admin')
    .description('cria uma conta de administrador (já confirmada)')
    .requiredOption('--email <email>', 'e-mail da conta')
    .requiredOption('--name <nome>', 'nome completo')
    .option('--password-stdin', 'lê a senha da entrada padrão (para scripts)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { email: string; name: string; passwordStdin?: boolean }) => {
      let password: string;
      if (opts.passwordStdin) {
        password = (await readStdin()).replace(/\r?\n$/, '');
      } else {
        password = await ask('Senha: ', true);
        const again = await ask('Repita a senha: ', true);
        if (password !== again) throw new CliError('Senhas não coincidem');
      }
      const user = await withApp(async ({ container, database }) => {
        await migrateLatest(database.knex);
        const auth = container.get<AuthService>(TOKENS.AuthService);
        return auth.createAdmin({ email: opts.email, fullName: opts.name, password }, { ip: null, userAgent: 'turma cli', requestId: null });
      });
      printObject({ id: user.id, email: user.email, papel: user.role }, opts);
    });
}
