// Builds the web app, the back office and the web app's server render with Vite (dist/web, dist/admin, dist/server),
// and the server, worker and CLI with esbuild (dist/node, what production runs); checks a dist/ is current.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { join, posix, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const APPS = [
  { name: 'web', config: join(ROOT, 'web/vite.config.ts') },
  { name: 'admin', config: join(ROOT, 'admin/vite.config.ts') },
] as const;
const STAMP = join(ROOT, 'dist/.build-stamp');
/** The server render of the public pages: a Vite SSR build of web/entry-server.tsx, in this folder. */
export const SSR_DIR = join(ROOT, 'dist/server');
/** The compiled server (main.js), worker (worker.js), CLI (cli.js) and this file (build.js), with their source maps. */
export const SERVER_DIR = join(ROOT, 'dist/node');
const SERVER_ENTRIES = { main: 'adapters/main.ts', worker: 'adapters/worker-main.ts', cli: 'cli/index.ts', build: 'adapters/build.ts' };
const SERVER_STAMP = '.build-stamp';

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

/** Why the web app, the back office or the server render in `distDir` cannot be served, or null. */
function appsProblem(distDir: string): string | null {
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

/** Sizes and mtimes of the files the server was compiled from (esbuild's list of inputs) and of the lockfile; null if one is gone. */
export function inputsFingerprint(inputs: readonly string[]): string | null {
  const hash = createHash('sha256');
  for (const file of [...inputs, 'package-lock.json']) {
    const path = join(ROOT, file);
    if (!existsSync(path)) return null;
    const s = statSync(path);
    hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Why the compiled server in `distDir`/node cannot be run (missing, or its sources changed since), or null. */
export function serverBuildProblem(distDir = join(ROOT, 'dist')): string | null {
  const dir = join(distDir, 'node');
  if (!Object.keys(SERVER_ENTRIES).every((name) => existsSync(join(dir, `${name}.js`)))) return 'dist/ não existe ou está incompleto';
  let stamp: { inputs?: unknown; fingerprint?: unknown; mode?: unknown } = {};
  try {
    stamp = JSON.parse(readFileSync(join(dir, SERVER_STAMP), 'utf8')) as typeof stamp;
  } catch {
    // No stamp: treated as a build of unknown mode.
  }
  if (stamp.mode !== 'production' || !Array.isArray(stamp.inputs)) return 'dist/ foi compilado em outro modo (desenvolvimento) ou por uma versão anterior';
  const now = inputsFingerprint(stamp.inputs as string[]);
  if (now === null || stamp.fingerprint !== now) return 'dist/ está desatualizado: o código mudou depois da compilação';
  return null;
}

/** Why dist/ cannot be served as it is, or null when all of it was built in production mode from today's sources. */
export function buildProblem(distDir = join(ROOT, 'dist')): string | null {
  return appsProblem(distDir) ?? serverBuildProblem(distDir);
}


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
  const compressing = Date.now();
  const count = await precompressAssets(APPS.map((app) => join(ROOT, 'dist', app.name, 'assets')));
  log(`${count} arquivos comprimidos (brotli e gzip) em ${((Date.now() - compressing) / 1000).toFixed(1)} s`);
  writeFileSync(STAMP, stampText());
}

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` beside each compressible hashed asset, once at build
 * time: the server sends them as they are (adapters/http/static.ts) instead of gzipping every request, and brotli is
 * ~15 % smaller than gzip on these bundles. Files under 1 KB are left alone. Returns how many were compressed.
 */
export async function precompressAssets(dirs: readonly string[]): Promise<number> {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files: string[] = [];
  for (const dir of dirs) walk(dir, files);
  const targets = files.filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= 1024);
  // zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
  await Promise.all(
    targets.map(async (file) => {
      const data = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return targets.length;
}

/**
 * The server, the worker, the CLI and this file compiled by esbuild into dist/node: one ES module per entry plus shared
 * chunks, packages left to node_modules, linked source maps (stack traces name the .ts files). Records the inputs.
 */
export async function buildServer(log: (msg: string) => void = console.log): Promise<void> {
  const started = Date.now();
  log('Compilando o servidor, o worker e a CLI…');
  const { build } = await import('esbuild');
  rmSync(SERVER_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
    banner: { js: IMPORT_META_BANNER },
    plugins: [importMetaPaths],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')).sort();
  writeFileSync(join(SERVER_DIR, SERVER_STAMP), JSON.stringify({ mode: 'production', fingerprint: inputsFingerprint(inputs), inputs }));
  log(`servidor compilado em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Compiled code runs from dist/node: each source file's import.meta paths are rewritten to where that file lives in the
// repository (the web files, package.json and the like are found from there), through these names the banner defines.
const IMPORT_META_BANNER = [
  "import { fileURLToPath as __turmaFileURLToPath, pathToFileURL as __turmaPathToFileURL } from 'node:url';",
  "import { join as __turmaJoin } from 'node:path';",
  // (Spelled in two pieces so that compiling this very file leaves the banner's own module URL alone.)
  `const __turmaRoot = __turmaFileURLToPath(new URL('../..', import.meta${'.'}url));`,
].join('\n');

const importMetaPaths: Plugin = {
  name: 'turma-import-meta-paths',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!/import\.meta\.(dirname|filename|url)\b/.test(text)) return undefined;
      const file = relative(ROOT, args.path).split(sep).join('/');
      const at = (path: string) => `__turmaJoin(__turmaRoot, ${JSON.stringify(path)})`;
      const contents = text.replace(/import\.meta\.(dirname|filename|url)\b/g, (_all, key: string) =>
        key === 'dirname' ? at(posix.dirname(file)) : key === 'filename' ? at(file) : `__turmaPathToFileURL(${at(file)}).href`,
      );
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Development: builds the web app, the back office and the server render when their sources changed (the server runs from source). */
export async function buildIfNeeded(log: (msg: string) => void = console.log): Promise<boolean> {
  if (appsProblem(join(ROOT, 'dist')) === null) return false;
  await buildApps(log);
  return true;
}

// `npm run build` runs this file directly: everything production runs.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  buildApps()
    .then(() => buildServer())
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
