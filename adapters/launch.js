// `npm start` (`launch.js server`) and `npm run worker` (`launch.js worker`): in production the code `npm run build`
// compiled into dist/node, so no TypeScript compiler loads at start; elsewhere the TypeScript sources through tsx.
import { existsSync } from 'node:fs';

const ENTRIES = {
  server: { compiled: 'main.js', source: './main.ts', script: 'npm start' },
  worker: { compiled: 'worker.js', source: './worker-main.ts', script: 'npm run worker' },
};
const entry = ENTRIES[process.argv[2]] ?? ENTRIES.server;
// The entry reads the arguments after its own name, as when it was started directly.
if (process.argv[2] in ENTRIES) process.argv.splice(2, 1);

if (process.env.NODE_ENV === 'production') {
  const compiled = new URL(`../dist/node/${entry.compiled}`, import.meta.url);
  if (!existsSync(compiled)) {
    // The compiled entry checks the rest itself (a stale or foreign dist/), with the same words.
    console.error(`Não é possível iniciar em produção: dist/ não existe ou está incompleto.\nRode \`npm run build\` (com o mesmo código) antes de \`${entry.script}\`.`);
    process.exit(1);
  }
  // Stack traces name the .ts files and lines (dist/node has linked source maps).
  process.setSourceMapsEnabled(true);
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(entry.source);
}
