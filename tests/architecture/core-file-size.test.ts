// Keeps core/ readable a file at a time: no file over 400 lines. A service that grows past it does several jobs and
// is split by use case (docs/architecture.md, "Split by use case").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('core file size', () => {
  it(`no file in core/ is over ${MAX_LINES} lines`, () => {
    const files = filesUnder(join(root, 'core'));
    expect(files.length).toBeGreaterThan(50);
    const over = files.map((f) => ({ file: relative(root, f), lines: linesOf(f) })).filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
