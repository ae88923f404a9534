#!/usr/bin/env node
// `turma` / `npx turma`: in production the CLI `npm run build` compiled (dist/node/cli.js) while it matches the sources;
// otherwise the TypeScript CLI through tsx, so no compile step is needed.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/node/', import.meta.url);
const compiledIsCurrent = async () =>
  existsSync(new URL('cli.js', dist)) && existsSync(new URL('build.js', dist)) && (await import(new URL('build.js', dist).href)).serverBuildProblem() === null;

if (process.env.NODE_ENV === 'production' && (await compiledIsCurrent())) {
  process.setSourceMapsEnabled(true);
  await import(new URL('cli.js', dist).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./index.ts');
}
