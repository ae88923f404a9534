// The configuration is read once and a bad value stops the process with a message naming it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../adapters/config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine (embedded database, sandbox payments)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, env: 'development', databaseUrl: undefined, paymentProvider: 'sandbox', authLoginLimit: 10, authSignupLimit: 20 });
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.storageDir).toBe(resolve('./data/storage'));
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'asaas' }, 'ASAAS_API_KEY'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production', TURMA_STAGING: 'true', METRICS_TOKEN: 'ab'.repeat(20) }, 'METRICS_TOKEN'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://turma.com.br' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production' }, 'PAYMENT_PROVIDER'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL'],
    [{ BODY_LIMIT: 'lots' }, 'BODY_LIMIT'],
    [{ AUTH_LOGIN_LIMIT: '0' }, 'AUTH_LOGIN_LIMIT'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as ConfigError).problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
  });

  it('lists every unsafe production default at once', () => {
    try {
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://turma.com.br', SESSION_SECRET: 'changeme' });
      expect.unreachable();
    } catch (err) {
      const names = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(['SESSION_SECRET', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'NFE_PROVIDER', 'SMTP_URL', 'METRICS_TOKEN', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
    }
  });

  it('starts in production with real settings, and a staging server may keep the sandbox and the console mailbox', () => {
    const VAPID = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43), VAPID_SUBJECT: 'mailto:contato@turma.com.br' };
    const strong = { NODE_ENV: 'production', SESSION_SECRET: 'k7Qp2Zr9Lw4Xv8Bn3Tj6Hy1Md5Fc0Gs-abcdef', PUBLIC_URL: 'https://turma.com.br' };
    const real = loadConfig({ ...strong, PAYMENT_PROVIDER: 'asaas', ASAAS_API_KEY: 'k', ASAAS_BASE_URL: 'https://api.asaas.com/v3', ASAAS_WEBHOOK_TOKEN: 't', NFE_PROVIDER: 'focus_nfe', NFE_ENVIRONMENT: 'producao', FOCUS_NFE_TOKEN: 'f', NFE_CNPJ: '11.222.333/0001-81', NFE_NCM: '61091000', SMTP_URL: 'smtp://mail.turma.com.br:587', METRICS_TOKEN: 'b3f9c2e8a17d4605fe92c1ab7d3e8f40', ...VAPID });
    expect(real).toMatchObject({ isProduction: true, paymentProvider: 'asaas' });
    expect(loadConfig({ ...strong, TURMA_STAGING: 'true' })).toMatchObject({ isProduction: true, paymentProvider: 'sandbox' });
    // A production build run on this machine alone (benchmarks) may use http on a loopback address.
    expect(loadConfig({ ...strong, TURMA_STAGING: 'true', PUBLIC_URL: 'http://127.0.0.1:4000' }).publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('migrates at start outside production; in production only when told to (the deploy runs `turma db migrate`)', () => {
    const strong = { NODE_ENV: 'production', SESSION_SECRET: 'k7Qp2Zr9Lw4Xv8Bn3Tj6Hy1Md5Fc0Gs-abcdef', PUBLIC_URL: 'https://turma.com.br', TURMA_STAGING: 'true' };
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig(strong).migrateOnStart).toBe(false);
    expect(loadConfig({ ...strong, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('stops `npm start` with exit code 1 and the variable named', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'adapters/main.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PORT: 'abc', PAYMENT_PROVIDER: 'nenhum' },
      encoding: 'utf8',
      // Starting tsx on a loaded CI machine took over 30 s once; the process is killed only if it hangs.
      timeout: 120_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Configuração inválida');
    expect(r.stderr).toContain('PORT');
    expect(r.stderr).toContain('PAYMENT_PROVIDER');
  }, 130_000);
});
