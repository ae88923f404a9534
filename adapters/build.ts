// Builds the web app and the back office with Vite when their sources changed since the last build, and the web
// app's server render (web/entry-server.tsx → dist/server/entry-server-<hash>.js, loaded by adapters/http/static.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const APPS = [
  { name: 'web', config: join(ROOT, 'web/vite.config.ts') },
  { name: 'admin', config: join(ROOT, 'admin/vite.config.ts') },
] as const;
const STAMP = join(ROOT, 'dist/.build-stamp');
/** The server render of the public pages: a Vite SSR build of web/entry-server.tsx, in this folder. */
export const SSR_DIR = join(ROOT, 'dist/server');

/** The server render's entry file in `serverDir` (its name carries its hash: see ssrBuildOptions), or null. */
export function findSsrEntry(serverDir = SSR_DIR): string | null {
  if (!existsSync(serverDir)) return null;
  const name = readdirSync(serverDir).find((n) => /^entry-server-[\w-]+\.js$/.test(n));
  return name ? join(serverDir, name) : null;
}

function walk(dir: string, into: string[]) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, into);
    else into.push(path);
  }
}

/** A fingerprint of everything the bundles are made from: sizes and mtimes, cheap enough for every start. */
export function sourceFingerprint(): string {
  const files: string[] = [];
  for (const dir of ['web', 'admin', 'core']) walk(join(ROOT, dir), files);
  files.push(join(ROOT, 'package-lock.json'));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    if (!existsSync(file)) continue;
    const s = statSync(file);
    hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** What the stamp records: the sources' fingerprint and the mode the bundles were built in. */
const stampText = () => JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' });

/** Why dist/ cannot be served as it is, or null when it was built in production mode from today's sources. */
export function buildProblem(distDir = join(ROOT, 'dist')): string | null {
  const complete = APPS.every((a) => existsSync(join(distDir, a.name, 'index.html'))) && findSsrEntry(join(distDir, 'server'));
  if (!complete) return 'dist/ não existe ou está incompleto';
  let stamp: { fingerprint?: unknown; mode?: unknown } = {};
  try {
    stamp = JSON.parse(readFileSync(join(distDir, '.build-stamp'), 'utf8')) as typeof stamp;
  } catch {
    // A missing stamp, or one written before the mode was recorded: its mode is unknown.
  }
  if (stamp.mode !== 'production') return 'dist/ foi compilado em outro modo (desenvolvimento) ou por uma versão anterior';
  if (stamp.fingerprint !== sourceFingerprint()) return 'dist/ está desatualizado: o código mudou depois da compilação';
  return null;
}

export const buildIsFresh = (): boolean => buildProblem() === null;

/**
 * The server render's build (web/entry-server.tsx) into `outDir`. The entry's name carries its content hash: the
 * server imports it by name and, after a new build, imports the new name. (Loading one fixed name under a versioned
 * URL gave two copies of the entry, because its chunks import it by its plain name: two React contexts, and a screen
 * reading one outside the other's provider.)
 */
export function ssrBuildOptions(outDir: string) {
  return {
    ssr: join(ROOT, 'web/entry-server.tsx'),
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server-[hash].js' } },
  };
}

export async function buildApps(log: (msg: string) => void = console.log): Promise<void> {
  // Always a production build: under NODE_ENV=development Vite's React plugin emits the development JSX runtime
  // (jsxDEV), which the server render cannot load in production.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildAll(log);
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }
}

async function buildAll(log: (msg: string) => void): Promise<void> {
  const { build } = await import('vite');
  for (const app of APPS) {
    const started = Date.now();
    log(`Compilando ${app.name}…`);
    await build({ configFile: app.config, logLevel: 'warn', mode: 'production' });
    log(`${app.name} compilado em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = Date.now();
  log('Compilando a renderização no servidor (web)…');
  await build({
    configFile: APPS[0].config,
    logLevel: 'warn',
    mode: 'production',
    build: ssrBuildOptions(SSR_DIR),
  });
  log(`renderização no servidor compilada em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(STAMP, stampText());
}

export async function buildIfNeeded(log: (msg: string) => void = console.log): Promise<boolean> {
  if (buildIsFresh()) return false;
  await buildApps(log);
  return true;
}

// `npm run build` runs this file directly.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  buildApps().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
