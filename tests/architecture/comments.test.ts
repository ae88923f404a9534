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
      .filter(([f, n]) => n > MAX_HEADER_LINES && !STILL_LONG.has(f))
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });

  it('the list of headers still to trim only shrinks', () => {
    const trimmed = [...STILL_LONG].filter((f) => !existsSync(`${cwd}${f}`) || headerLines(readFileSync(`${cwd}${f}`, 'utf8')) <= MAX_HEADER_LINES);
    expect(trimmed, 'these are short now: take them off STILL_LONG').toEqual([]);
  });
});

// Headers written before the rule, still to trim (their content is being moved to docs/). Never add to this list.
const STILL_LONG = new Set<string>([
  'tests/bench/http-servers.ts',
  'tests/bench/marketplace.bench.ts',
  'tests/bench/professionals.bench.ts',
  'tests/bench/web.ts',
  'tests/core/significance.test.ts',
  'tests/e2e/admin-order-line-refund.spec.ts',
  'tests/e2e/admin-orders.spec.ts',
  'tests/e2e/admin-professionals.spec.ts',
  'tests/e2e/boleto-refund.spec.ts',
  'tests/e2e/first-visit.spec.ts',
  'tests/e2e/influencer-dashboard.spec.ts',
  'tests/e2e/marketplace.spec.ts',
  'tests/e2e/order-returns.spec.ts',
  'tests/e2e/plan-order.spec.ts',
  'tests/e2e/professional-dashboard.spec.ts',
  'tests/e2e/professional-onboarding.spec.ts',
  'tests/e2e/professionals-search.spec.ts',
  'tests/e2e/referrals.spec.ts',
  'tests/e2e/voucher-redemption.spec.ts',
  'tests/e2e/wallet.spec.ts',
  'tests/http/admin-line-refunds.test.ts',
  'tests/http/admin-products.test.ts',
  'tests/http/charge-cancel.test.ts',
  'tests/http/commissions.test.ts',
  'tests/http/escrow.test.ts',
  'tests/http/experiments.test.ts',
  'tests/http/fuzz-openapi.test.ts',
  'tests/http/lgpd-export.test.ts',
  'tests/http/payouts.test.ts',
  'tests/http/plan-orders.test.ts',
  'tests/http/professionals-nearby-index.test.ts',
  'tests/http/refund-after-confirmation.test.ts',
  'tests/http/ssr-public-pages.test.ts',
  'tests/http/two-instances.test.ts',
  'tests/http/wallet-spending.test.ts',
  'tests/http/withdrawal.test.ts',
  'tests/web/ssr-chunk-tags.test.ts',
  'web/app/app-ready.tsx',
  'web/app/routes.tsx',
  'web/components/map/leaflet-map.tsx',
  'web/components/map/map-view.tsx',
  'web/components/payments/payment-panel.tsx',
  'web/components/phone-nav.tsx',
  'web/entry-server.tsx',
  'web/features/auth/auth-page.tsx',
  'web/features/auth/callback-page.tsx',
  'web/features/auth/origin-tracker.tsx',
  'web/features/auth/redirect.ts',
  'web/features/auth/require-auth.tsx',
  'web/features/auth/signup-form.tsx',
  'web/features/checkout/address-page.tsx',
  'web/features/checkout/payment-step-page.tsx',
  'web/features/checkout/plan-page.tsx',
  'web/features/checkout/take-place.ts',
  'web/features/dashboard/dashboard-page.tsx',
  'web/features/groups/join-page.tsx',
  'web/features/groups/plan-delivery-page.tsx',
  'web/features/groups/withdrawal-section.tsx',
  'web/features/influencer-signup/signup-page.tsx',
  'web/features/marketplace/checkout-address-page.tsx',
  'web/features/marketplace/checkout-payment-page.tsx',
  'web/features/marketplace/order-payment-panel.tsx',
  'web/features/marketplace/order-polling.tsx',
  'web/features/notifications/notification-bell.tsx',
  'web/features/payments/history-page.tsx',
  'web/features/professional-dashboard/redeem-panel.tsx',
  'web/features/professional-onboarding/account-step.tsx',
  'web/features/professional-onboarding/application-form.tsx',
  'web/features/professionals-search/nearby-section.tsx',
  'web/features/professionals-search/public-profile-page.tsx',
  'web/features/referral-redirect/redirect-page.tsx',
  'web/lib/cart/cart-context.tsx',
  'web/lib/checkout-state.ts',
  'web/lib/experiment-tracker.ts',
  'web/lib/session.tsx',
  'web/lib/zod-form.ts',
  'web/main.tsx',
  'web/ssr/pages.ts',
  'web/theme-init-script.ts',
]);
