// `turma users`: create-admin, list, show, set-role, block, unblock, end-sessions, resend-confirmation, reset-2fa.
import type { Command } from 'commander';
import type { AuthService } from '../../core/identity/auth.service';
import type { UserAdminService } from '../../core/identity/user-admin.service';
import type { TwoFactorService } from '../../core/identity/two-factor.service';
import { ROLES, roleSchema } from '../../core/identity/roles';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, ask, printObject, printRows, readStdin, withApp, writeOut, type OutputOptions } from '../runtime';

const CLI_OPERATOR = { actorUserId: null, actorEmail: 'cli' } as const;
const admin = (container: import('inversify').Container) => container.get<UserAdminService>(TOKENS.UserAdminService);

function userRow(u: { id: string; email: string; role: string; full_name?: string | null; email_confirmed_at: Date | null; blocked_at: Date | null; created_at: Date }) {
  return {
    id: u.id,
    email: u.email,
    nome: u.full_name ?? null,
    papel: u.role,
    confirmado: u.email_confirmed_at ? 'sim' : 'não',
    bloqueado: u.blocked_at ? 'sim' : 'não',
    criado_em: u.created_at.toISOString(),
  };
}

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

  users
    .command('list')
    .description('lista as contas (mais novas primeiro)')
    .option('--q <texto>', 'busca por e-mail ou nome')
    .option('--role <papel>', `filtra pelo papel (${ROLES.join(', ')})`)
    .option('--blocked', 'só as bloqueadas')
    .option('--page <n>', 'página', '1')
    .option('--per-page <n>', 'contas por página (máx. 500)', '50')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { q?: string; role?: string; blocked?: boolean; page: string; perPage: string }) => {
      const page = await withApp(({ container }) =>
        admin(container).list({
          ...(opts.q ? { q: opts.q } : {}),
          ...(opts.role ? { role: roleSchema.parse(opts.role) } : {}),
          ...(opts.blocked ? { blocked: true } : {}),
          page: Number(opts.page),
          per_page: Number(opts.perPage),
        }),
      );
      if (opts.json) {
        writeOut(`${JSON.stringify({ items: page.items.map(userRow), total: page.total }, null, 2)}\n`);
        return;
      }
      printRows(page.items.map(userRow), [['email', 'E-mail'], ['nome', 'Nome'], ['papel', 'Papel'], ['confirmado', 'Confirmado'], ['bloqueado', 'Bloqueado'], ['id', 'Id']], opts);
      writeOut(`${page.items.length} de ${page.total} conta(s)\n`);
    });

  users
    .command('show <conta>')
    .description('mostra uma conta (id ou e-mail) e seu perfil')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions) => {
      const { user, profile } = await withApp(({ container }) => admin(container).show(account));
      const { password_hash: _secret, ...safe } = user;
      if (opts.json) {
        writeOut(`${JSON.stringify({ user: safe, profile }, null, 2)}\n`);
        return;
      }
      printObject({ ...userRow({ ...user, full_name: profile?.full_name ?? null }), cpf: profile?.cpf ?? null, telefone: profile?.phone ?? null, cidade: profile?.address_city ?? null, uf: profile?.address_state ?? null, origem: profile?.origem ?? null }, opts);
    });

  users
    .command('set-role <conta> <papel>')
    .description(`muda o papel de uma conta (${ROLES.join(', ')}); encerra as sessões dela`)
    .option('--json', 'saída em JSON')
    .action(async (account: string, role: string, opts: OutputOptions) => {
      const parsed = roleSchema.safeParse(role);
      if (!parsed.success) throw new CliError(`papel inválido: use ${ROLES.join(', ')}`);
      const user = await withApp(({ container }) => admin(container).setRole(account, parsed.data, CLI_OPERATOR));
      printObject({ id: user.id, email: user.email, papel: user.role }, opts);
    });

  users
    .command('block <conta>')
    .description('bloqueia uma conta e encerra as sessões dela')
    .requiredOption('--reason <motivo>', 'motivo (fica no registro de auditoria)')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions & { reason: string }) => {
      const { user } = await withApp(({ container }) => admin(container).block(account, opts.reason, CLI_OPERATOR));
      printObject({ id: user.id, email: user.email, bloqueado: user.blocked_at ? 'sim' : 'não' }, opts);
    });

  users
    .command('end-sessions <conta>')
    .description('encerra todas as sessões de uma conta (ela precisa entrar de novo)')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions) => {
      const result = await withApp(({ container }) => admin(container).endSessions(account, CLI_OPERATOR));
      printObject({ id: result.id, sessoes_encerradas: result.sessions_ended }, opts);
    });

  users
    .command('resend-confirmation <conta>')
    .description('envia um novo link de confirmação de e-mail a uma conta não confirmada')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions) => {
      const result = await withApp(({ container }) => admin(container).resendConfirmation(account, CLI_OPERATOR));
      printObject({ id: result.id, enviado: result.sent ? 'sim' : 'não' }, opts);
    });

  users
    .command('reset-2fa <conta>')
    .description('apaga a verificação em duas etapas de um admin (segredo e códigos de recuperação) e encerra as sessões dele')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions) => {
      const result = await withApp(async ({ container }) => {
        const { user } = await admin(container).show(account);
        const twoFactor = container.get<TwoFactorService>(TOKENS.TwoFactorService);
        return { user, ...(await twoFactor.reset(user, CLI_OPERATOR, { ip: null, userAgent: 'turma cli', requestId: null })) };
      });
      printObject({ id: result.user.id, email: result.user.email, sessoes_encerradas: result.sessions_ended }, opts);
    });

  users
    .command('unblock <conta>')
    .description('desbloqueia uma conta')
    .option('--json', 'saída em JSON')
    .action(async (account: string, opts: OutputOptions) => {
      const { user } = await withApp(({ container }) => admin(container).unblock(account, CLI_OPERATOR));
      printObject({ id: user.id, email: user.email, bloqueado: user.blocked_at ? 'sim' : 'não' }, opts);
    });
}
