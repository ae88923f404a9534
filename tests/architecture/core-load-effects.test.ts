// The browser's build treats every core/ module as free of load-time effects (web/vite.config.ts), so a core module a
// screen never uses is left out. That holds only while a core file's top level declares things and does nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

const DECLARATIONS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.EmptyStatement,
]);

/** The top-level statements of `code` that do something when the module loads (a call, a loop, an assignment…). */
export function loadEffects(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.ES2022, true);
  return source.statements
    .filter((s) => !DECLARATIONS.has(s.kind))
    .map((s) => `${fileName}:${source.getLineAndCharacterOfPosition(s.getStart()).line + 1} ${s.getText().slice(0, 60)}`);
}

function coreFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return coreFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('core/ does nothing when loaded (docs/architecture.md#what-the-browser-loads-of-core)', () => {
  it('no core file has a top-level statement other than a declaration', () => {
    const found = coreFiles(join(root, 'core')).flatMap((file) => loadEffects(relative(root, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check sees a registration, a configuration call and a loop', () => {
    const planted = ["import { z } from 'zod';", "registry.set('x', 1);", 'z.config({});', 'for (const k of keys) table[k] = 1;', 'export const ok = z.string();'].join('\n');
    expect(loadEffects('core/planted.ts', planted)).toHaveLength(3);
  });
});
