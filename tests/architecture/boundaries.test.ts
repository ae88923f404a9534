// The dependency rule is enforced by lint; this proves the rule itself still catches each kind of crossing.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const cwd = new URL('../..', import.meta.url).pathname;
// Planted files do not exist on disk, which the cycle rule needs: it has its own instance below.
const eslint = new ESLint({ cwd, overrideConfig: [{ rules: { 'import/no-cycle': 'off' } }] });
const cycleLint = new ESLint({ cwd });

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => ['no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax', 'no-restricted-properties'].includes(m.ruleId ?? ''));
}


describe('architecture boundaries (docs/architecture.md)', () => {
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
    expect(await restricted('core/catalog/planted.ts', `${code}\nexport const x = 1;`)).not.toHaveLength(0);
  });

  it('core/ may not read the environment', async () => {
    expect(await restricted('core/catalog/planted.ts', 'export const x = process.env.X;')).not.toHaveLength(0);
  });

  it('core/ may not draw codes from Math.random (predictable)', async () => {
    expect(await restricted('core/groups/planted.ts', 'export const x = () => Math.random();')).not.toHaveLength(0);
  });

  it('core/ may import zod and its own modules', async () => {
    const ok = "import { z } from 'zod';\nimport { percentOf } from '../shared/money';\nexport const x = [z, percentOf];";
    expect(await restricted('core/catalog/planted.ts', ok)).toHaveLength(0);
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

  describe('web features (Bulletproof React: features never import each other)', () => {
    it.each([
      ['web/features/groups/planted.tsx', "import { PlanGrid } from '../landing/plan-grid';", 'a sibling feature'],
      ['web/features/groups/planted.tsx', "import { x } from '../checkout';", "a sibling feature's folder"],
      ['web/features/dashboard/planted.tsx', "import { x } from '../../features/payments/history-page';", 'another feature through web/features'],
      ['web/features/marketplace/deep/planted.tsx', "import { x } from '../../auth/login-form';", 'a feature from a nested folder'],
      ['web/features/checkout/planted.tsx', "const page = () => import('../groups/join-page');", 'a feature, lazily'],
      ['web/components/planted.tsx', "import { x } from '../features/auth/login-form';", 'a feature from a shared component'],
      ['web/lib/planted.ts', "import { x } from '../features/groups/join-page';", 'a feature from web/lib'],
      ['web/components/planted.tsx', "const page = () => import('../features/groups/join-page');", 'a feature from a shared component, lazily'],
    ])('%s may not import %s (%s)', async (file, code) => {
      const messages = await restricted(file, `${code}\nexport const y = 1;`);
      expect(messages).not.toHaveLength(0);
      expect(messages[0]?.message).toMatch(/feature/);
    });

    it.each([
      ['web/features/groups/planted.tsx', "import { useSession } from '../../lib/session';\nimport { GroupCard } from '../../components/groups/group-card';\nimport { x } from './join-page';"],
      ['web/features/marketplace/deep/planted.tsx', "import { useCart } from '../../../lib/cart/cart-context';\nimport { Button } from '../../../components/button';\nimport { x } from '../cart-page';"],
      ['web/app/planted.tsx', "import { x } from '../features/groups/join-page';\nconst y = () => import('../features/payments/payment-page');"],
      ['web/features/marketplace/planted.tsx', "const x = () => import('./cart-page');\nconst y = () => import('../../lib/cart/cart-engine');"],
    ])('%s may import web/lib, web/components and its own feature (web/app composes features)', async (file, code) => {
      expect(await restricted(file, `${code}\nexport const z = 1;`)).toHaveLength(0);
    });
  });

  describe('modules and flows (docs/architecture.md)', () => {
    it.each([
      ['core/groups/planted.ts', "import { computeEntryPrice } from '../catalog/entry-price';", "another module's internal file"],
      ['core/payments/planted.ts', "import { notify } from '../notifications/notifications';", "another module's internal file"],
      ['core/flows/planted.ts', "import { GroupService } from '../groups/group.service';", "a module's internal file from a flow"],
      ['core/ports/planted.ts', "import type { GroupRecord } from '../groups/ports';", "a module's internal file from a shared port"],
      ['core/groups/planted.ts', "import { completeGroup } from '../flows';", 'a flow from a module'],
      ['core/marketplace/planted.ts', "import { entryPaymentFlow } from '../flows/entry-payment.flow';", 'a flow file from a module'],
      ['core/shared/planted.ts', "import { notify } from '../notifications';", 'a module from the shared kernel'],
    ])('%s may not import %s (%s)', async (file, code) => {
      expect(await restricted(file, `${code}\nexport const x = 1;`)).not.toHaveLength(0);
    });

    it.each([
      ['core/groups/planted.ts', "import { computeEntryPrice } from '../catalog';\nimport { formatCents } from '../shared/money';"],
      ['core/flows/planted.ts', "import { GroupService } from '../groups';\nimport type { Tx } from '../ports/unit-of-work';"],
      ['core/groups/planted.ts', "import { paidCount } from './group-rules';"],
      ['core/groups/planted.ts', "import type { PaymentsScope } from '../payments/ports';"],
      ['core/flows/planted.ts', "import type { GroupsScope } from '../groups/ports';"],
    ])('%s may import a module through its index (or ports.ts, for its scope), the shared kernel and its own files', async (file, code) => {
      expect(await restricted(file, `${code}\nexport const x = 1;`)).toHaveLength(0);
    });

    it('an import cycle in core fails lint', async () => {
      // The cycle rule reads the files from disk: plant two real files that import each other, then remove them.
      const dir = join(cwd, 'core', 'experiments');
      const a = join(dir, `planted-cycle-a-${process.pid}.ts`);
      const b = join(dir, `planted-cycle-b-${process.pid}.ts`);
      try {
        writeFileSync(a, `import { b } from './planted-cycle-b-${process.pid}';\nexport const a = () => b;\n`);
        writeFileSync(b, `import { a } from './planted-cycle-a-${process.pid}';\nexport const b = () => a;\n`);
        const [result] = await cycleLint.lintFiles([a]);
        expect((result?.messages ?? []).filter((m) => m.ruleId === 'import/no-cycle')).not.toHaveLength(0);
        writeFileSync(b, 'export const b = () => 1;\n');
        const [clean] = await cycleLint.lintFiles([a]);
        expect((clean?.messages ?? []).filter((m) => m.ruleId === 'import/no-cycle')).toHaveLength(0);
      } finally {
        rmSync(a, { force: true });
        rmSync(b, { force: true });
      }
    });
  });
});
