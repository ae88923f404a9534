// Builds the web app and the back office with Vite when their sources changed since the last build, and the web
// app's server render (web/entry-server.tsx → dist/server/entry-server.js, loaded by adapters/http/static.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const APPS = [
  { name: 'web', config: join(ROOT, 'web/vite.config.ts'), out: join(ROOT, 'dist/web') },
  { name: 'admin', config: join(ROOT, 'admin/vite.config.ts'), out: join(ROOT, 'dist/admin') },
] as const;
const STAMP = join(ROOT, 'dist/.build-stamp');
/** The server render of the public pages: a Vite SSR build of web/entry-server.tsx. */
export const SSR_ENTRY = join(ROOT, 'dist/server/entry-server.js');

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

export function buildIsFresh(): boolean {
  if (!APPS.every((a) => existsSync(join(a.out, 'index.html'))) || !existsSync(SSR_ENTRY)) return false;
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sourceFingerprint();
}

export async function buildApps(log: (msg: string) => void = console.log): Promise<void> {
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
    build: { ssr: join(ROOT, 'web/entry-server.tsx'), outDir: join(ROOT, 'dist/server'), emptyOutDir: true, copyPublicDir: false },
  });
  log(`renderização no servidor compilada em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(STAMP, sourceFingerprint());
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
