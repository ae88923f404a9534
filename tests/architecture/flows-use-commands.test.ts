// Keeps status writes with the module that owns them: a flow moves a group, member, voucher, order or payment through
// that module's commands (which check its state table), never with a repository's moveIf. Rule: docs/architecture.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const flows = new URL('../../core/flows/', import.meta.url).pathname;
// Payouts are the professionals module's rows, still moved by the payout flow itself: the next command to add.
const LEFT: Record<string, number> = { 'payout.flow.ts': 2 };

function moveIfCalls(text: string): number {
  return (text.match(/\.moveIf\(/g) ?? []).length;
}

describe('flows write other modules through their commands', () => {
  it('no flow calls a repository moveIf (payouts excepted, and not more of them)', () => {
    const found: Record<string, number> = {};
    for (const f of readdirSync(flows).filter((n) => n.endsWith('.ts'))) {
      const n = moveIfCalls(readFileSync(join(flows, f), 'utf8'));
      if (n > 0) found[f] = n;
    }
    expect(found).toEqual(LEFT);
  });

  it('the check sees a planted crossing', () => {
    expect(moveIfCalls("await tx.groups.members.moveIf(m.id, 'paid', 'awarded', { awarded_at: now });")).toBe(1);
  });
});
