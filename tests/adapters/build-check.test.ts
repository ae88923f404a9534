// Production serves only a dist/ built in production mode from the sources it runs; anything else is refused by name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblem, inputsFingerprint, serverBuildProblem, sourceFingerprint } from '../../adapters/build';

const SERVER_INPUTS = ['adapters/main.ts', 'adapters/config.ts'];
const serverStamp = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ mode: 'production', inputs: SERVER_INPUTS, fingerprint: inputsFingerprint(SERVER_INPUTS), ...over });

function fakeDist(stamp: string | null, server: string | null = serverStamp()) {
  const dir = mkdtempSync(join(tmpdir(), 'turma-dist-'));
  for (const app of ['web', 'admin']) {
    mkdirSync(join(dir, app), { recursive: true });
    writeFileSync(join(dir, app, 'index.html'), '<!doctype html>');
  }
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'entry-server-abc123.js'), 'export {}');
  if (stamp !== null) writeFileSync(join(dir, '.build-stamp'), stamp);
  // The compiled server (esbuild), with the list of the files it was made from.
  mkdirSync(join(dir, 'node'));
  for (const entry of ['main', 'worker', 'cli', 'build']) writeFileSync(join(dir, 'node', `${entry}.js`), 'export {}');
  if (server !== null) writeFileSync(join(dir, 'node', '.build-stamp'), server);
  return dir;
}

describe('buildProblem', () => {
  it('accepts a production build of today\'s sources', () => {
    expect(buildProblem(fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' })))).toBeNull();
  });

  it.each([
    ['no dist/ at all', () => join(tmpdir(), 'turma-no-such-dist'), /não existe/],
    ['a dist/ without its server render', () => {
      const dir = fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' }));
      rmSync(join(dir, 'server', 'entry-server-abc123.js'));
      return dir;
    }, /não existe/],
    ['a stamp from before the mode was recorded (a bare fingerprint)', () => fakeDist(sourceFingerprint()), /outro modo/],
    ['a development build', () => fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'development' })), /outro modo/],
    ['sources changed since the build', () => fakeDist(JSON.stringify({ fingerprint: 'old', mode: 'production' })), /desatualizado/],
    ['a dist/ without the compiled worker', () => {
      const dir = fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' }));
      rmSync(join(dir, 'node', 'worker.js'));
      return dir;
    }, /não existe/],
    ['a compiled server without its stamp', () => fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' }), null), /outro modo/],
    ['a server compiled from other sources', () => fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' }), serverStamp({ fingerprint: 'old' })), /desatualizado/],
    ['a server compiled from a file that is gone', () => {
      const inputs = [...SERVER_INPUTS, 'adapters/no-such-file.ts'];
      return fakeDist(JSON.stringify({ fingerprint: sourceFingerprint(), mode: 'production' }), serverStamp({ inputs }));
    }, /desatualizado/],
  ])('refuses %s', (_what, dist, message) => {
    expect(buildProblem(dist())).toMatch(message);
  });

  it('checks the compiled server alone for the worker (it serves no pages)', () => {
    const dir = fakeDist(null);
    expect(buildProblem(dir)).toMatch(/outro modo/);
    expect(serverBuildProblem(dir)).toBeNull();
  });
});
