// Keeps status writes with the module that owns them: a flow moves a group, member, voucher, order or payment through
// that module's commands (which check its state table), never with a repository's moveIf. Rule: docs/architecture.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const flows = new URL('../../core/flows/', import.meta.url).pathname;

function moveIfCalls(text: string): number {
  return (text.match(/\.moveIf\(/g) ?? []).length;
}

describe('flows write other modules through their commands', () => {
  it('no flow calls a repository moveIf', () => {
    const found: Record<string, number> = {};
    for (const f of readdirSync(flows).filter((n) => n.endsWith('.ts'))) {
      const n = moveIfCalls(readFileSync(join(flows, f), 'utf8'));
      if (n > 0) found[f] = n;
    }
    expect(found).toEqual({});
  });

  it('the check sees a planted crossing', () => {
    expect(moveIfCalls("await tx.groups.members.moveIf(m.id, 'paid', 'awarded', { awarded_at: now });")).toBe(1);
  });
});

const PAYMENT_WRITE = /payments\.payments\.moveIf\(|\bpayments\.moveIf\(/;

describe("a payment's status is written through its state table", () => {
  it('the check sees a planted write', () => {
    expect(PAYMENT_WRITE.test("await tx.payments.payments.moveIf(p.id, ['pending'], 'confirmed');")).toBe(true);
    expect(PAYMENT_WRITE.test("const payments = tx.payments.payments; await payments.moveIf(id, ['pending'], 'failed');")).toBe(true);
  });

  it('only core/payments/payment-moves.ts calls the payments repository moveIf', () => {
    const core = new URL('../../core/', import.meta.url).pathname;
    const offenders: string[] = [];
    for (const entry of readdirSync(core, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name === 'payment-moves.ts') continue;
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      if (PAYMENT_WRITE.test(text)) offenders.push(entry.name);
    }
    expect(offenders).toEqual([]);
  });
});

// A flow may append to the audit log, notifications and the job queue; other modules' rows it creates or changes through
// their commands (payoutCommands, campaignCommands, …); none is left.
const DIRECT_WRITE = /\btx\.(?!audit\b|notifications\b|jobs\b)[a-z]+\.(?:[a-zA-Z]+\.)?(?:create|update|insert|delete)\(/g;

describe("flows create and change other modules' rows through their commands", () => {
  it('no flow calls a repository create/update/delete directly', () => {
    const found: Record<string, number> = {};
    for (const f of readdirSync(flows).filter((n) => n.endsWith('.ts'))) {
      const n = (readFileSync(join(flows, f), 'utf8').match(DIRECT_WRITE) ?? []).length;
      if (n > 0) found[f] = n;
    }
    expect(found).toEqual({});
  });

  it('the check sees a planted write and lets an audit entry through', () => {
    expect('await tx.groups.vouchers.create({ code });'.match(DIRECT_WRITE)).toHaveLength(1);
    expect("await tx.audit.append({ action: 'x' }); await tx.notifications.create(n);".match(DIRECT_WRITE)).toBeNull();
  });
});

