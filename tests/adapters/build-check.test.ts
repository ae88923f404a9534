// Production serves only a dist/ built in production mode from the sources it runs; anything else is refused by name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblem, sourceFingerprint } from '../../adapters/build';

function fakeDist(stamp: string | null) {
  const dir = mkdtempSync(join(tmpdir(), 'turma-dist-'));
  for (const app of ['web', 'admin']) {
    mkdirSync(join(dir, app), { recursive: true });
    writeFileSync(join(dir, app, 'index.html'), '<!doctype html>');
  }
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'entry-server-abc123.js'), 'export {}');
  if (stamp !== null) writeFileSync(join(dir, '.build-stamp'), stamp);
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
  ])('refuses %s', (_what, dist, message) => {
    expect(buildProblem(dist())).toMatch(message);
  });
});
