// Keeps the code's comments readable by a newcomer: no tracker issue numbers, no documents outside the repository, and
// file headers of at most 3 comment lines (the purpose in a sentence; the rest belongs in docs/). Rule: docs/testing.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const cwd = new URL('../..', import.meta.url).pathname;
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && !f.startsWith('node_modules/') && existsSync(`${cwd}${f}`));

const ISSUE = /\bissues? #?\d+/i;
// The product documents the code once cited live outside the repository; docs/ states their rules now.
const OUTSIDE_DOC = /\b(?:SPEC|PRODUCT|STYLE|EXTERNAL-APIS)(?:\.md)?\s*§|\b(?:SPEC|PRODUCT|STYLE|API|EXTERNAL-APIS|STACK-NOTES)\.md\b/;
const MAX_HEADER_LINES = 3;

function commentsOf(text: string, fileName: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const add = (found: ts.CommentRange[] | undefined) => found?.forEach((r) => ranges.set(r.pos, r));
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()));
    add(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges.values()].map((r) => text.slice(r.pos, r.end));
}

/**
 * The comment lines a file opens with, when they are a file header: followed by a blank line or the imports. A comment
 * that runs straight into a declaration documents that declaration instead.
 */
function headerLines(text: string): number {
  const lines = text.split('\n');
  let i = lines[0]?.startsWith('#!') ? 1 : 0;
  let count = 0;
  let inBlock = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (inBlock) {
      count++;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//')) count++;
    else if (line.startsWith('/*')) {
      count++;
      inBlock = !line.includes('*/');
    } else break;
  }
  const next = (lines[i] ?? '').trim();
  return next === '' || /^(import\b|export \* from|'use |"use )/.test(next) ? count : 0;
}

let cached: Map<string, string[]> | undefined;
/** The comments of every tracked file the rules below could object to, parsed once (the others cannot fail them). */
function allComments() {
  cached ??= new Map(
    tracked
      .map((f) => [f, readFileSync(`${cwd}${f}`, 'utf8')] as const)
      .filter(([, text]) => ISSUE.test(text) || OUTSIDE_DOC.test(text))
      .map(([f, text]) => [f, commentsOf(text, f)]),
  );
  return cached;
}

describe('comment hygiene', () => {
  it('finds comments, and measures headers, the way the rules below read them', () => {
    const sample = "// one\n// two\nimport x from 'y';\nconst s = '// not a comment (issue 1)'; /* issue 7 */\n";
    expect(commentsOf(sample, 'sample.ts')).toEqual(['// one', '// two', '/* issue 7 */']);
    expect(headerLines(sample)).toBe(2);
    expect(headerLines('/** Documents the function below. */\n/** More. */\n/** More. */\n/** More. */\nexport function f() {}\n')).toBe(0);
  });

  it('no comment cites a tracker issue number (say why instead)', () => {
    const found = [...allComments()].flatMap(([f, comments]) =>
      comments.filter((c) => ISSUE.test(c)).map((c) => `${f}: ${c.match(ISSUE)![0]}`),
    );
    expect(found).toEqual([]);
  });

  it('no comment points at a document outside the repository (link docs/ instead)', () => {
    const found = [...allComments()].flatMap(([f, comments]) =>
      comments.filter((c) => OUTSIDE_DOC.test(c)).map((c) => `${f}: ${c.match(OUTSIDE_DOC)![0]}`),
    );
    expect(found).toEqual([]);
  });

  it(`no file header is longer than ${MAX_HEADER_LINES} comment lines (migrations, never edited once landed, aside)`, () => {
    const long = tracked
      .filter((f) => !f.startsWith('migrations/'))
      .map((f) => [f, headerLines(readFileSync(`${cwd}${f}`, 'utf8'))] as const)
      .filter(([, n]) => n > MAX_HEADER_LINES)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });
});

