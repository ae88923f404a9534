// The audit-log screen names every action in pt-BR and en-US. This scans the server's source (core/,
// adapters/, cli/) for the action strings it writes to the audit log and fails when one has no label in
// admin/lib/audit-actions.ts — or when a label names an action nothing writes any more.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabel, auditActionMessages } from '../../../admin/lib/audit-actions';
import { ptBR } from '../../../admin/i18n/pt-BR';
import { enUS } from '../../../admin/i18n/en-US';

const ROOT = join(import.meta.dirname, '../../..');
/** The audit log's namespaces: a string `<namespace>.<word>` in the server's code is an audit action. */
const NAMESPACES = ['auth', 'user', 'profile', 'admin', 'group', 'voucher', 'payment', 'order', 'professional', 'payout', 'review', 'influencer', 'commission', 'campaign', 'fiscal', 'goods_invoice', 'service_invoice', 'withdrawal', 'wallet', '2fa'];
/** What each `${variable}` of an action built from a template takes (professional and influencer decisions). */
const TEMPLATE_VALUES: Record<string, readonly string[]> = { decision: ['approve', 'reject', 'suspend', 'reactivate'] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Comments out: a `payment.status` in a doc comment is not an action. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  const ns = NAMESPACES.join('|');
  const literal = new RegExp(`(['"\`])((?:${ns})\\.[a-z0-9_]+(?:\\$\\{\\s*([A-Za-z_]+)\\s*\\})?[a-z0-9_]*)\\1`, 'g');
  for (const file of ['core', 'adapters', 'cli'].flatMap((d) => sourceFiles(join(ROOT, d)))) {
    for (const m of code(readFileSync(file, 'utf8')).matchAll(literal)) {
      const [, , raw, variable] = m;
      const where = relative(ROOT, file);
      if (variable) {
        const values = TEMPLATE_VALUES[variable];
        expect(values, `${where}: what does \${${variable}} take in ${raw}? (add it to TEMPLATE_VALUES)`).toBeDefined();
        for (const v of values!) found.set(raw!.replace(/\$\{[^}]+\}/, v), where);
      } else {
        found.set(raw!, where);
      }
    }
  }
  return found;
}

describe('audit action labels', () => {
  const written = writtenActions();

  it('finds the actions the server writes (the scan works)', () => {
    for (const a of ['auth.login', 'auth.2fa_failed', 'admin.2fa_reset', 'payment.chargeback', 'order.return_requested', 'order.line_refunded', 'group.purchase_withdrawn', 'admin.professional_reactivate', 'admin.influencer_suspend']) {
      expect(written.has(a), a).toBe(true);
    }
    expect(written.size).toBeGreaterThan(80);
  });

  it('labels every action the server writes, in pt-BR and en-US', () => {
    const missing = [...written].filter(([a]) => !auditActionLabel(a, 'pt-BR') || !auditActionLabel(a, 'en-US')).map(([a, where]) => `${a} (${where})`);
    expect(missing).toEqual([]);
  });

  it('offers only actions something writes (no stale label)', () => {
    const stale = AUDIT_ACTIONS.filter((a) => !written.has(a) && a !== 'user.created');
    expect(stale).toEqual([]);
  });

  it('the back office messages carry the labels under turma.audit_logs.actions', () => {
    const pick = (messages: unknown, action: string) => {
      const [group, key] = [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1)];
      return ((messages as { turma: { audit_logs: { actions: Record<string, Record<string, string>> } } }).turma.audit_logs.actions[group] ?? {})[key];
    };
    for (const a of written.keys()) {
      expect(pick(ptBR, a), a).toBe(auditActionLabel(a, 'pt-BR'));
      expect(pick(enUS, a), a).toBe(auditActionLabel(a, 'en-US'));
    }
    expect(auditActionMessages('pt-BR').payment!.chargeback).toBe('Contestação (chargeback)');
    expect(auditActionMessages('en-US').order!.return_requested).toBe('Return requested');
  });
});
