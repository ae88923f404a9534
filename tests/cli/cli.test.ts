// The operators' CLI as a real subprocess: exit codes, tables, --json, one-line pt-BR errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const BIN = resolve(import.meta.dirname, '../../cli/bin.js');
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

function turma(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, input: input ?? '', encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Each call is a new process opening the database (≈ 1–3 s on PGlite), so these tests get a longer budget.
describe('turma CLI', { timeout: 120_000 }, () => {
  it('migrates, reports status as a table and as JSON', () => {
    const migrate = turma(['db', 'migrate']);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toContain('Aplicadas: 20261121000100_identity');
    const table = turma(['db', 'status']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/│ 20261121000100_identity\s+│ aplicada/);
    const json = JSON.parse(turma(['db', 'status', '--json']).stdout);
    expect(json.every((m: { status: string }) => m.status === 'aplicada')).toBe(true);
  });

  it('creates an admin from stdin and refuses a duplicate with a one-line pt-BR reason', () => {
    const ok = turma(['users', 'create-admin', '--email', 'ops@turma.test', '--name', 'Operadora Um', '--password-stdin', '--json'], 'Senha-forte-1\n');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ email: 'ops@turma.test', papel: 'admin' });

    const dup = turma(['users', 'create-admin', '--email', 'ops@turma.test', '--name', 'Operadora Um', '--password-stdin'], 'Senha-forte-1\n');
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('Erro: Já existe uma conta com este e-mail.');

    const short = turma(['users', 'create-admin', '--email', 'b@turma.test', '--name', 'B', '--password-stdin'], '123\n');
    expect(short.code).toBe(1);
    expect(short.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('seeds idempotently and refuses --reset without confirmation', () => {
    const first = JSON.parse(turma(['seed', '--json']).stdout);
    expect(first).toMatchObject({ administrador_criado: 'já existia', pessoas_criadas: 12, planos: 8 });
    const second = JSON.parse(turma(['seed', '--json']).stdout);
    expect(second.pessoas_criadas).toBe(0);
    const reset = turma(['seed', '--reset']);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain('Erro:');
    const confirmed = JSON.parse(turma(['seed', '--reset', '--yes', '--json']).stdout);
    expect(confirmed.administrador_criado).toBe('admin@turma.local');
  });

  it('lists, shows, blocks, unblocks and changes the role of accounts', () => {
    const list = JSON.parse(turma(['users', 'list', '--json', '--q', 'admin@turma.local']).stdout);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ email: 'admin@turma.local', papel: 'admin', bloqueado: 'não' });

    const someone = JSON.parse(turma(['users', 'list', '--json', '--role', 'user', '--per-page', '1']).stdout).items[0].email as string;
    const blocked = turma(['users', 'block', someone, '--reason', 'fraude suspeita', '--json']);
    expect(blocked.code).toBe(0);
    expect(JSON.parse(blocked.stdout).bloqueado).toBe('sim');
    expect(JSON.parse(turma(['users', 'list', '--json', '--blocked']).stdout).items.map((u: { email: string }) => u.email)).toEqual([someone]);
    const shown = JSON.parse(turma(['users', 'show', someone, '--json']).stdout);
    expect(shown.user).not.toHaveProperty('password_hash');
    expect(shown.user.blocked_at).not.toBeNull();
    expect(JSON.parse(turma(['users', 'unblock', someone, '--json']).stdout).bloqueado).toBe('não');

    expect(JSON.parse(turma(['users', 'set-role', someone, 'influencer', '--json']).stdout).papel).toBe('influencer');
    const badRole = turma(['users', 'set-role', someone, 'rei']);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('papel inválido');
    const missing = turma(['users', 'show', 'ninguem@turma.test']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Erro: Conta não encontrada.');
  });

  it('creates and updates plans (entry computed), runs jobs, lists groups and reconciles payments', () => {
    const created = JSON.parse(turma(['plans', 'create', 'tatuagem-mini', '--name', 'Tatuagem mini', '--price', '199,90', '--full-price', '299,00', '--category', 'tatuagem', '--group-size', '3', '--json']).stdout);
    expect(created).toMatchObject({ slug: 'tatuagem-mini', preco: 'R$\u00a0199,90', entrada: 'R$\u00a019,99', turma: 3 });
    const updated = JSON.parse(turma(['plans', 'update', 'tatuagem-mini', '--price', '150,00', '--json']).stdout);
    expect(updated.entrada).toBe('R$\u00a015,00');
    expect(turma(['plans', 'create', 'tatuagem-mini', '--name', 'X', '--price', '10']).code).toBe(1);
    const list = JSON.parse(turma(['plans', 'list', '--json']).stdout);
    expect(list.items.some((p: { slug: string; entry_price: number }) => p.slug === 'tatuagem-mini' && p.entry_price === 1_500)).toBe(true);

    const run = JSON.parse(turma(['jobs', 'run', 'release_holds', '--json']).stdout);
    expect(run).toMatchObject({ name: 'release_holds', ran: true, outcome: 'ok', counts: { released: 0 } });
    const jobs = JSON.parse(turma(['jobs', 'list', '--json']).stdout);
    expect(jobs.find((j: { nome: string }) => j.nome === 'release_holds')).toMatchObject({ resultado: 'ok', execucoes: 1 });
    expect(turma(['jobs', 'run', 'nada']).code).toBe(1);

    expect(JSON.parse(turma(['groups', 'list', '--json']).stdout)).toEqual({ items: [], total: 0 });
    const reconcile = turma(['payments', 'reconcile', '--json']);
    expect(reconcile.code).toBe(0);
    expect(JSON.parse(reconcile.stdout)).toEqual({ rows: [], refunds: { refunded: 0, failed: 0 } });
  });

  it('fails with a non-zero exit on an unknown command or a bad configuration', () => {
    const unknown = turma(['userz']);
    expect(unknown.code).toBe(1);
    // commander's own messages, in pt-BR.
    expect(unknown.stderr).toContain("erro: comando desconhecido 'userz'");
    expect(unknown.stderr).toContain('(Você quis dizer users?)');
    expect(turma(['users', 'show']).stderr).toContain("erro: falta o argumento obrigatório 'conta'");
    expect(turma(['users', '--help']).stdout).toMatch(/^Uso: turma users \[opções\] \[comando\]/);
    const bad = spawnSync(process.execPath, [BIN, 'db', 'status'], { env: { ...env, PORT: 'abc' }, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('PORT');
  });
});
