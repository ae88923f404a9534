// `npm run bench:web`: Lighthouse (mobile preset) on the built app in production mode, a fresh seeded database and
// Debian's Chromium, over public, client-rendered and signed-in pages; options and last figures in docs/benchmarks.md.
// Loopback only; building rewrites dist/, so on a shared machine run it under the build lock (--lock).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { generateSecret, generateSync } from 'otplib';
// Lighthouse's own browser driver: used here only to sign the browser in (and out) between pages.
import puppeteer from 'puppeteer-core';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { openDatabase, pgliteDirFor } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';
import { TOKENS } from '../../adapters/tokens';
import type { PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import type { GroupService } from '../../core/groups/group.service';
import { DEMO_ADMIN_EMAIL, DEMO_INFLUENCER_CODE, DEMO_USER_PASSWORD, runSeeds } from '../../seeds/index';

const ROOT = resolve(import.meta.dirname, '../..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Options {
  build: boolean;
  runs: number;
  only: string[] | null;
  lock: string | null;
  json: string | null;
  lhrDir: string | null;
  chromium: string;
  /** Lighthouse's desktop preset (its screen, 10 Mbps at 40 ms, no CPU slowdown) instead of the mobile one. */
  desktop: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { build: true, runs: 1, only: null, lock: null, json: null, lhrDir: null, chromium: process.env.CHROME_PATH ?? '/usr/bin/chromium', desktop: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (!v) throw new Error(`${arg} precisa de um valor`);
      return v;
    };
    if (arg === '--skip-build') options.build = false;
    else if (arg === '--runs') options.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (arg === '--lock') options.lock = resolve(value());
    else if (arg === '--only') options.only = value().split(',').map((name) => name.trim()).filter(Boolean);
    else if (arg === '--json') options.json = resolve(value());
    else if (arg === '--lhr-dir') options.lhrDir = resolve(value());
    else if (arg === '--chromium') options.chromium = value();
    else if (arg === '--desktop') options.desktop = true;
    else throw new Error(`opção desconhecida: ${arg} (use --skip-build, --runs N, --only nomes, --lock arquivo, --json arquivo, --lhr-dir pasta, --chromium caminho, --desktop)`);
  }
  return options;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The environment of both the seeding and the server: production mode, loopback only, no background workers. */
function benchEnv(dataDir: string, port: number): Record<string, string> {
  return {
    // The demo admin's password and second factor, known here to sign the back office in.
    DEMO_ADMIN_PASSWORD: `Bench-Senha-${randomBytes(9).toString('hex')}`,
    DEMO_ADMIN_TOTP_SECRET: generateSecret(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The sandbox provider and console mail: a benchmark moves no real money and sends no e-mail.
    TURMA_STAGING: 'true',
    LOG_LEVEL: 'warn',
    // Nothing leaves the machine: address lookups and map tiles would go to the internet.
    VIACEP_URL: 'http://127.0.0.1:9',
    NOMINATIM_URL: 'http://127.0.0.1:9',
    MAP_TILE_URL: '',
    JOBS_ENABLED: 'false',
    TURMA_SKIP_BUILD: 'true',
  };
}

/** Who the browser is signed in as when a page is measured. */
type As = 'visitor' | 'user' | 'admin';

interface BenchPage {
  name: string;
  label: string;
  path: string;
  as: As;
}

/** Seeds the database in dataDir the way the first development start does, plus one open group; returns the pages. */
async function seed(env: Record<string, string>): Promise<{ pages: BenchPage[]; userEmail: string }> {
  const config = loadConfig(env);
  const database = await openDatabase({ url: undefined, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    const container = buildContainer(config, database);
    await migrateLatest(database.knex);
    const queue = container.get<PgBossJobQueue>(TOKENS.JobQueue);
    await queue.start({ workers: false });
    try {
      await runSeeds(container, { demoUsers: true, demoProducts: true, adminPassword: env.DEMO_ADMIN_PASSWORD, adminTotpSecret: env.DEMO_ADMIN_TOTP_SECRET });
      const knex = database.knex;
      const user = await knex('users').where({ role: 'user' }).orderBy('email').first<{ id: string; email: string }>('id', 'email');
      const plan = await knex('plans').where({ active: true }).orderBy('name').first<{ id: string }>('id');
      const product = await knex('products').where({ active: true }).orderBy('name').first<{ id: string }>('id');
      const professional = await knex('professionals').where({ status: 'approved' }).orderBy('business_name').first<{ id: string }>('id');
      if (!user || !plan || !product || !professional) throw new Error('as sementes não criaram pessoas, planos, produtos e profissionais de demonstração');
      const groups = container.get<GroupService>(TOKENS.GroupService);
      const place = await groups.createGroup(user, plan.id, { ip: '127.0.0.1', userAgent: 'bench:web', requestId: null });
      const pages: BenchPage[] = [
        { name: 'landing', label: '/', path: '/', as: 'visitor' },
        { name: 'products', label: '/marketplace/products', path: '/marketplace/products', as: 'visitor' },
        { name: 'product', label: '/marketplace/products/:id', path: `/marketplace/products/${product.id}`, as: 'visitor' },
        { name: 'services', label: '/marketplace/services', path: '/marketplace/services', as: 'visitor' },
        { name: 'invite', label: '/join/:group_id/:code', path: place.membership.invite_path, as: 'visitor' },
        { name: 'referral', label: '/r/:code', path: `/r/${DEMO_INFLUENCER_CODE}`, as: 'visitor' },
        { name: 'professional', label: '/profissionais/:id', path: `/profissionais/${professional.id}`, as: 'visitor' },
        { name: 'auth', label: '/auth', path: '/auth', as: 'visitor' },
        { name: 'cart', label: '/marketplace/cart', path: '/marketplace/cart', as: 'visitor' },
        { name: 'dashboard', label: '/dashboard (signed in)', path: '/dashboard', as: 'user' },
        { name: 'my-groups', label: '/my-groups (signed in)', path: '/my-groups', as: 'user' },
        { name: 'checkout', label: '/checkout/participants (signed in)', path: '/checkout/participants', as: 'user' },
        { name: 'admin-users', label: '/admin/users (admin)', path: '/admin/users', as: 'admin' },
      ];
      return { pages, userEmail: user.email };
    } finally {
      await queue.stop();
    }
  } finally {
    await database.close();
  }
}

/** Holds `file`'s lock shared (flock) until the returned process's stdin is closed: no build rewrites dist/ meanwhile. */
async function holdShared(file: string): Promise<ChildProcess> {
  const child = spawn('flock', ['-s', '-o', file, 'sh', '-c', 'echo held; cat > /dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`flock terminou com o código ${code}`)));
    child.stdout!.once('data', () => done());
  });
  return child;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'adapters/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com o código ${child.exitCode}`);
    try {
      const res = await fetch(`${env.PUBLIC_URL}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('o servidor não respondeu em 90 s');
}

interface Row {
  page: string;
  label: string;
  path: string;
  performance: number;
  fcp_ms: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /** Audits under 1 in the scored categories, for the JSON output. */
  failing: Record<string, string[]>;
  /** Requests to anything but 127.0.0.1, console errors, Lighthouse warnings. */
  problems: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function rowOf({ name, label, path }: BenchPage, lhr: Lhr): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: Record<string, string[]> = {};
  for (const id of CATEGORIES) {
    failing[id] = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || id !== 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  const problems: string[] = [];
  if (lhr.runtimeError) problems.push(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const w of lhr.runWarnings) problems.push(`aviso: ${String(w)}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string }> } | undefined)?.items ?? [];
  for (const { url } of requests) {
    if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(url)) problems.push(`pedido externo: ${url}`);
  }
  const consoleErrors = (lhr.audits['errors-in-console']?.details as { items?: Array<{ description?: string; sourceLocation?: { url?: string } }> } | undefined)?.items ?? [];
  for (const e of consoleErrors) problems.push(`erro no console: ${e.description ?? ''} ${e.sourceLocation?.url ?? ''}`.trim());
  return {
    page: name,
    label,
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp_ms: Math.round(numeric('first-contentful-paint')),
    lcp_ms: Math.round(numeric('largest-contentful-paint')),
    tbt_ms: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    failing,
    problems,
  };
}

function table(rows: Row[]): string {
  const lines = ['| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |', '|---|---|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(
      `| \`${r.label}\` | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${(r.fcp_ms / 1000).toFixed(1)} s | ${(r.lcp_ms / 1000).toFixed(1)} s | ${r.tbt_ms} ms | ${r.cls.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Signs the browser out, then in as `as` through the API, from a page of the site (the cookie lands in the browser's jar;
 * the web app asks for its session only with its marker in localStorage, web/lib/session-marker.ts). The admin passes
 * the second factor with the seeded secret.
 */
async function signInAs(browser: Awaited<ReturnType<typeof puppeteer.connect>>, origin: string, as: As, env: Record<string, string>, userEmail: string) {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${origin}/robots.txt`);
    const credentials = as === 'user' ? { email: userEmail, password: DEMO_USER_PASSWORD } : as === 'admin' ? { email: DEMO_ADMIN_EMAIL, password: env.DEMO_ADMIN_PASSWORD! } : null;
    const code = as === 'admin' ? generateSync({ secret: env.DEMO_ADMIN_TOTP_SECRET! }) : null;
    // A string, not a function: tsx's helpers (__name) would be serialized into the page, where they do not exist.
    const failed = await tab.evaluate(`(async (credentials, code) => {
      const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await post('/api/auth/logout', {});
      localStorage.clear();
      if (!credentials) return null;
      const login = await post('/api/auth/login', credentials);
      if (!login.ok) return 'login: ' + login.status + ' ' + (await login.text());
      if (code) {
        const verified = await post('/api/auth/2fa/verify', { code });
        if (!verified.ok) return '2fa: ' + verified.status + ' ' + (await verified.text());
      }
      localStorage.setItem('turma_session', '1');
      return null;
    })(${JSON.stringify(credentials)}, ${JSON.stringify(code)})`);
    if (failed) throw new Error(`não foi possível entrar como ${as}: ${failed}`);
  } finally {
    await tab.close();
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'turma-bench-web-'));
  const port = await freePort();
  const env = benchEnv(dataDir, port);
  let server: ChildProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  let sharedLock: ChildProcess | null = null;
  try {
    console.log('Semeando um banco PGlite novo…');
    const seeded = await seed(env);
    const pages = options.only ? seeded.pages.filter((p) => options.only!.includes(p.name)) : seeded.pages;
    if (pages.length === 0) throw new Error(`--only: nenhuma destas páginas: ${seeded.pages.map((p) => p.name).join(', ')}`);
    // On a tree others are editing, a file can change between the build and the server's start (which then refuses
    // dist/): built again, up to three times.
    for (let attempt = 1; ; attempt++) {
      if (options.build) {
        console.log('Compilando (npm run build)…');
        const built = options.lock
          ? spawnSync('flock', ['-x', options.lock, 'npm', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' })
          : spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
        if (built.status !== 0) throw new Error('npm run build falhou');
      }
      if (options.lock) sharedLock = await holdShared(options.lock);
      try {
        server = await startServer(env);
        break;
      } catch (error) {
        sharedLock?.stdin?.end();
        if (!options.build || attempt >= 3) throw error;
      }
    }
    chrome = await chromeLauncher.launch({
      chromePath: options.chromium,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        // Loopback only: any other host fails to resolve instead of reaching the internet.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    // A server in service is warm: each page is requested twice first, so the first measured load does not pay for
    // the server's first render (loading the server bundle, compiling it, filling the catalogue cache), ~0.8 s.
    for (const page of pages) {
      for (let i = 0; i < 2; i++) await (await fetch(`${env.PUBLIC_URL}${page.path}`)).text();
    }
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const rows: Row[] = [];
    let signedInAs: As | null = null;
    for (const page of pages) {
      const url = `${env.PUBLIC_URL}${page.path}`;
      if (page.as !== signedInAs) {
        await signInAs(browser, env.PUBLIC_URL!, page.as, env, seeded.userEmail);
        signedInAs = page.as;
      }
      const runs: Row[] = [];
      for (let i = 0, retries = 0; i < options.runs; i++) {
        const flags = {
          port: chrome.port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: [...CATEGORIES],
          throttlingMethod: 'simulate' as const,
          // Lighthouse's own desktop preset comes as a config (a flag's formFactor would override it); mobile is its default.
          ...(options.desktop ? {} : { formFactor: 'mobile' as const }),
        };
        const result = await lighthouse(url, flags, options.desktop ? desktopConfig : undefined);
        if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
        // A run Lighthouse itself could not measure (NO_NAVSTART and the like: its trace, not the page) scores 0 and
        // would drag the median down: it is run again, at most twice per page, and said.
        if (result.lhr.runtimeError && retries < 2) {
          retries++;
          console.log(`${page.label}: Lighthouse falhou (${result.lhr.runtimeError.code}); medindo de novo`);
          i--;
          continue;
        }
        runs.push(rowOf(page, result.lhr));
        if (options.lhrDir) {
          mkdirSync(options.lhrDir, { recursive: true });
          const file = `${page.name}${options.runs > 1 ? `-${i + 1}` : ''}`;
          writeFileSync(join(options.lhrDir, `${file}.json`), JSON.stringify(result.lhr));
          // The page load's trace (open it in Chrome's Performance panel): which work came before the first paint.
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace) writeFileSync(join(options.lhrDir, `${file}.trace.json`), JSON.stringify(trace));
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      const row = runs[Math.floor((runs.length - 1) / 2)]!;
      rows.push(row);
      console.log(`${page.label}: ${CATEGORIES.map((c) => `${c} ${row[c]}`).join(', ')}`);
    }

    await browser.disconnect();
    console.log(`\nLighthouse 12.8 — ${options.desktop ? 'desktop' : 'mobile'}, simulated throttling, production build, ${options.runs > 1 ? `median of ${options.runs} runs` : '1 run'}\n`);
    console.log(table(rows));
    const problems = rows.flatMap((r) => r.problems.map((p) => `${r.label}: ${p}`));
    if (problems.length) console.log(`\nProblemas:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    const failing = rows.flatMap((r) => Object.entries(r.failing).filter(([, ids]) => ids.length).map(([c, ids]) => `${r.label} [${c}]: ${ids.join(', ')}`));
    if (failing.length) console.log(`\nAuditorias abaixo de 100%:\n${failing.map((f) => `  - ${f}`).join('\n')}`);
    if (options.json) {
      writeFileSync(options.json, JSON.stringify({ lighthouse: '12.8', preset: options.desktop ? 'desktop' : 'mobile', runs: options.runs, measured_at: new Date().toISOString(), pages: rows }, null, 2));
      console.log(`\nJSON em ${options.json}`);
    }
  } finally {
    sharedLock?.stdin?.end();
    if (chrome) chrome.kill();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
