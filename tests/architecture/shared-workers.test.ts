// vitest runs test files one after another in long-lived workers (`isolate: false` in vitest.config.ts): that is safe
// only while no file changes what the next one loads or reads. This keeps module mocks and environment edits out.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const cwd = new URL('../..', import.meta.url).pathname;
const testFiles = execFileSync('git', ['ls-files', '-z', 'tests'], { cwd, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('tests/architecture/'));

// A module mock or an assignment to process.env outlives its file in a shared worker (reading process.env, or passing a
// copy to a child process, is fine); a stubbed global or spy must be put back by the file that made it.
const LEAKS = /\bvi\.(?:mock|doMock)\s*\(|\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\?\?=|\|\|=)|\bdelete\s+process\.env\b/;
const UNDONE: Array<[RegExp, RegExp]> = [
  [/\bvi\.stubGlobal\s*\(/, /\bvi\.unstubAllGlobals\s*\(/],
  [/\bvi\.stubEnv\s*\(/, /\bvi\.unstubAllEnvs\s*\(/],
  [/\bvi\.spyOn\s*\(/, /\bvi\.restoreAllMocks\s*\(|\.mockRestore\s*\(/],
];

function leaks(text: string): boolean {
  return LEAKS.test(text) || UNDONE.some(([made, undone]) => made.test(text) && !undone.test(text));
}

describe('test files share their workers', () => {
  it('finds the test files', () => {
    expect(testFiles.length).toBeGreaterThan(100);
  });

  it('no test file mocks a module or changes the environment the next file would see', () => {
    const offenders = testFiles.filter((f) => leaks(readFileSync(`${cwd}${f}`, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('tells a leak from a read', () => {
    expect(leaks("vi.mock('../x')")).toBe(true);
    expect(leaks("process.env.LOG_LEVEL = 'debug'")).toBe(true);
    expect(leaks("vi.stubGlobal('window', {})")).toBe(true);
    expect(leaks("vi.stubGlobal('window', {}); afterEach(() => vi.unstubAllGlobals())")).toBe(false);
    expect(leaks("if (process.env.FUZZ_DUMP === '1') run()")).toBe(false);
    expect(leaks('const env = { ...process.env, LOG_LEVEL: "silent" }')).toBe(false);
  });
});
