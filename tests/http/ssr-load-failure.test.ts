// A server-render entry that cannot be loaded (e.g. built with React's development JSX runtime) is an error in the
// start-up log, not a silent fallback that sends every public page as the empty shell.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
});

describe('a broken server-render entry', () => {
  it('is logged as an error when the server starts, naming the entry, and pages still answer (the shell)', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'turma-dist-broken-'));
    for (const name of ['web', 'admin']) {
      mkdirSync(join(distDir, name), { recursive: true });
      writeFileSync(join(distDir, name, 'index.html'), `<!doctype html><div id="root"></div><title>${name}</title>`);
    }
    mkdirSync(join(distDir, 'server'));
    const entry = join(distDir, 'server', 'entry-server-broken1.js');
    // What a development build's entry does on the production runtime: it calls a function that is not there.
    writeFileSync(entry, "const { jsxDEV } = await import('node:util');\nexport const render = jsxDEV('div', {});\n");
    const lines: Array<{ level: number; msg: string; entry?: string }> = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    app = await createTestApp({ distDir, overrides: { logger } });
    await expect.poll(() => lines.find((l) => l.level === 50 && /renderização no servidor não carregou/.test(l.msg))).toBeTruthy();
    expect(lines.find((l) => l.level === 50)?.entry).toBe(entry);
    const page = await app.client().get('/');
    expect(page.status).toBe(200);
  }, 120_000);
});
