// The dependency rule is enforced by lint; this proves the rule itself still catches each kind of crossing.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals');
}

describe('architecture boundaries (STYLE.md)', () => {
  it.each([
    ['an adapter', "import { openDatabase } from '../../adapters/db/database';"],
    ['the web app', "import { App } from '../../web/app/App';"],
    ['the CLI', "import { buildProgram } from '../../cli/index';"],
    ['a Node I/O module', "import { readFileSync } from 'node:fs';"],
    ['a bare Node module', "import http from 'http';"],
    ['a framework', "import Koa from 'koa';"],
    ['the database library', "import knex from 'knex';"],
    ['React', "import { useState } from 'react';"],
  ])('core/ may not import %s', async (_what, code) => {
    expect(await restricted('core/pricing/planted.ts', `${code}\nexport const x = 1;`)).not.toHaveLength(0);
  });

  it('core/ may not read the environment', async () => {
    expect(await restricted('core/pricing/planted.ts', 'export const x = process.env.X;')).not.toHaveLength(0);
  });

  it('core/ may import zod and its own modules', async () => {
    const ok = "import { z } from 'zod';\nimport { percentOf } from '../shared/money';\nexport const x = [z, percentOf];";
    expect(await restricted('core/pricing/planted.ts', ok)).toHaveLength(0);
  });

  it.each([
    ['web/features/planted.tsx', "import { TOKENS } from '../../adapters/tokens';"],
    ['admin/resources/planted.tsx', "import { TOKENS } from '../../adapters/tokens';"],
    ['web/features/planted.tsx', "import { Admin } from 'react-admin';"],
  ])('%s may not import %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport const x = 1;`)).not.toHaveLength(0);
  });

  it('web/ may import the core (shared schemas and rules)', async () => {
    const ok = "import { formatCents } from '../../core/shared/money';\nexport const x = formatCents;";
    expect(await restricted('web/features/planted.tsx', ok)).toHaveLength(0);
  });
});
