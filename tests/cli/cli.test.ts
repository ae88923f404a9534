// The operators' CLI: exit codes, tables, --json, one-line pt-BR errors. Commands run in-process (runCli); what only
// the real binary shows (stdin piping, commander's exits, the configuration check at start) runs it as a subprocess.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTurma, spawnTurma } from '../support/cli';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let env: Record<string, string>;
let db: TestDatabase | null = null;

beforeAll(async () => {
  env = { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent', NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-cli-')) };
  if (process.env.DATABASE_URL) {
    // A database of its own; the CLI connects with the ordinary pg client.
    db = await createTestDatabase({ migrate: false });
    env.DATABASE_URL = db.url!;
    await db.close();
  }
});
afterAll(async () => {
  await db?.destroy();
});

const turma = (args: string[], input?: string) => runTurma(args, { env, input });
const turmaBinary = (args: string[], input?: string) => spawnTurma(args, { env, input });

// Each command opens the database (PGlite in this process; each subprocess ≈ 1–3 s), so these tests get a longer budget.
describe('turma CLI', { timeout: 120_000 }, () => {
  it('migrates, reports status as a table and as JSON', async () => {
    const migrate = await turma(['db', 'migrate']);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('Aplicadas: 20261121000100_identity');
    const table = await turma(['db', 'status']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ 20261121000100_identity\s+│ aplicada/);
    const json = JSON.parse((await turma(['db', 'status', '--json'])).stdout);
    expect(json.every((m: { status: string }) => m.status === 'aplicada')).toBe(true);
  });

  it('creates an admin from stdin and refuses a duplicate with a one-line pt-BR reason', async () => {
    // The real binary: the password is piped into the process's stdin.
    const ok = turmaBinary(['users', 'create-admin', '--email', 'ops@turma.test', '--name', 'Operadora Um', '--password-stdin', '--json'], 'Senha-forte-1\n');
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ email: 'ops@turma.test', papel: 'admin' });

    const dup = await turma(['users', 'create-admin', '--email', 'ops@turma.test', '--name', 'Operadora Um', '--password-stdin'], 'Senha-forte-1\n');
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('Erro: Já existe uma conta com este e-mail.');

    const short = await turma(['users', 'create-admin', '--email', 'b@turma.test', '--name', 'B', '--password-stdin'], '123\n');
    expect(short.code).toBe(1);
    expect(short.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('seeds idempotently and refuses --reset without confirmation', async () => {
    const first = JSON.parse((await turma(['seed', '--json'])).stdout);
    expect(first).toMatchObject({ administrador_criado: 'já existia', pessoas_criadas: 12, planos: 8 });
    const second = JSON.parse((await turma(['seed', '--json'])).stdout);
    expect(second.pessoas_criadas).toBe(0);
    const reset = await turma(['seed', '--reset']);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain('Erro:');
    const confirmed = JSON.parse((await turma(['seed', '--reset', '--yes', '--json'])).stdout);
    expect(confirmed.administrador_criado).toBe('admin@turma.local');
  });

  it('lists, shows, blocks, unblocks and changes the role of accounts', async () => {
    const list = JSON.parse((await turma(['users', 'list', '--json', '--q', 'admin@turma.local'])).stdout);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ email: 'admin@turma.local', papel: 'admin', bloqueado: 'não' });

    const someone = JSON.parse((await turma(['users', 'list', '--json', '--role', 'user', '--per-page', '1'])).stdout).items[0].email as string;
    const blocked = await turma(['users', 'block', someone, '--reason', 'fraude suspeita', '--json']);
    expect(blocked.code).toBe(0);
    expect(JSON.parse(blocked.stdout).bloqueado).toBe('sim');
    expect(JSON.parse((await turma(['users', 'list', '--json', '--blocked'])).stdout).items.map((u: { email: string }) => u.email)).toEqual([someone]);
    const shown = JSON.parse((await turma(['users', 'show', someone, '--json'])).stdout);
    expect(shown.user).not.toHaveProperty('password_hash');
    expect(shown.user.blocked_at).not.toBeNull();
    expect(JSON.parse((await turma(['users', 'unblock', someone, '--json'])).stdout).bloqueado).toBe('não');

    expect(JSON.parse((await turma(['users', 'end-sessions', someone, '--json'])).stdout)).toMatchObject({ sessoes_encerradas: 0 });
    const confirmed = await turma(['users', 'resend-confirmation', someone]);
    expect(confirmed.code).toBe(1);
    expect(confirmed.stderr.trim()).toBe('Erro: Este e-mail já foi confirmado.');
    expect(JSON.parse((await turma(['users', 'set-role', someone, 'influencer', '--json'])).stdout).papel).toBe('influencer');
    const badRole = await turma(['users', 'set-role', someone, 'rei']);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('papel inválido');
    const missing = await turma(['users', 'show', 'ninguem@turma.test']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Erro: Conta não encontrada.');
  });

  it('creates and updates plans (entry computed), lists groups and reconciles payments', async () => {
    const created = JSON.parse((await turma(['plans', 'create', 'tatuagem-mini', '--name', 'Tatuagem mini', '--price', '199,90', '--full-price', '299,00', '--category', 'tatuagem', '--group-size', '3', '--json'])).stdout);
    expect(created).toMatchObject({ slug: 'tatuagem-mini', preco: 'R$\u00a0199,90', entrada: 'R$\u00a019,99', turma: 3 });
    const updated = JSON.parse((await turma(['plans', 'update', 'tatuagem-mini', '--price', '150,00', '--json'])).stdout);
    expect(updated.entrada).toBe('R$\u00a015,00');
    expect((await turma(['plans', 'create', 'tatuagem-mini', '--name', 'X', '--price', '10'])).code).toBe(1);
    const list = JSON.parse((await turma(['plans', 'list', '--json'])).stdout);
    expect(list.items.some((p: { slug: string; entry_price: number }) => p.slug === 'tatuagem-mini' && p.entry_price === 1_500)).toBe(true);

    // The jobs commands are spawned: they run pg-boss workers and write to the process's own streams.
    const run = JSON.parse(turmaBinary(['jobs', 'run', 'release_holds', '--json']).stdout);
    expect(run).toMatchObject({ name: 'release_holds', outcome: 'ok', counts: { released: 0 } });
    const jobs = JSON.parse(turmaBinary(['jobs', 'list', '--json']).stdout);
    expect(jobs.find((j: { nome: string }) => j.nome === 'release_holds')).toMatchObject({ agenda: '* * * * *', resultado: 'ok', contagens: { released: 0 }, falhas: 0 });
    expect(jobs.find((j: { nome: string }) => j.nome === 'mail.send')).toMatchObject({ agenda: 'sob demanda', proxima: null });
    expect(turmaBinary(['jobs', 'run', 'nada']).code).toBe(1);
    expect(JSON.parse(turmaBinary(['jobs', 'failed', '--json']).stdout)).toEqual([]);
    const retry = turmaBinary(['jobs', 'retry', '00000000-0000-0000-0000-000000000000']);
    expect(retry.code).toBe(1);
    expect(retry.stderr).toContain('nenhum job com falha definitiva');

    expect(JSON.parse((await turma(['groups', 'list', '--json'])).stdout)).toEqual({ items: [], total: 0 });
    const reconcile = await turma(['payments', 'reconcile', '--json']);
    expect(reconcile.code).toBe(0);
    expect(JSON.parse(reconcile.stdout)).toEqual({ rows: [], refunds: { refunded: 0, failed: 0 } });
  });

  it('reports commander errors in pt-BR with exit code 1, in-process as from the binary', async () => {
    const unknown = await turma(['userz']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("erro: comando desconhecido 'userz'");
    const missingArg = await turma(['users', 'show']);
    expect(missingArg.code).toBe(1);
    expect(missingArg.stderr).toContain("erro: falta o argumento obrigatório 'conta'");
    const help = await turma(['users', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Uso: turma users \[opções\] \[comando\]/);
    const bad = await runTurma(['db', 'status'], { env: { ...env, PORT: 'abc' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('PORT');
  });

  it('the binary: a non-zero exit on an unknown command or a bad configuration, help on stdout', () => {
    const unknown = turmaBinary(['userz']);
    expect(unknown.code).toBe(1);
    // commander's own messages, in pt-BR.
    expect(unknown.stderr).toContain("erro: comando desconhecido 'userz'");
    expect(unknown.stderr).toContain('(Você quis dizer users?)');
    expect(turmaBinary(['users', 'show']).stderr).toContain("erro: falta o argumento obrigatório 'conta'");
    const help = turmaBinary(['users', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Uso: turma users \[opções\] \[comando\]/);
    const bad = spawnTurma(['db', 'status'], { env: { ...env, PORT: 'abc' } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('PORT');
  });
});
