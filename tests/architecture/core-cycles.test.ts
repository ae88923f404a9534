// No import cycle in core/, type-only imports included (lint's import/no-cycle does not follow those): a module's
// scope is named from its ports.ts, a leaf, so declaring what a use case touches never draws a circle.
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

describe('core import graph', () => {
  it('has no cycle, counting type-only imports', async () => {
    const graph = await madge(`${root}core`, {
      baseDir: root,
      fileExtensions: ['ts'],
      tsConfig: `${root}tsconfig.json`,
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
    expect(graph.circular()).toEqual([]);
  }, 60_000);
});
