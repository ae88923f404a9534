// The browser tests' accessibility check: axe-core on each distinct screen the tests reach (route pattern, app,
// project), once per worker, in both theme-experiment variants; serious and critical violations fail the test.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { THEME_VARIANT_STORAGE_KEY, THEME_VARIANTS, type ThemeVariant } from '../../../core/experiments/theme-variant';
import { THEME_INIT_SCRIPT } from '../../../web/theme-init-script';
import { DEV_ROUTE_PATHS, patternMatches, ROUTE_PATHS } from '../../../web/app/route-paths';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** E2E_A11Y=0 turns the check off (to measure what it costs, or to chase another failure). */
export const A11Y_ENABLED = process.env.E2E_A11Y !== '0';

/** E2E_A11Y_LOG=<file>: one line per scan (screen, variant, time, failing rules), to see what the check covers and costs. */
const LOG = process.env.E2E_A11Y_LOG;

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Parts of the page axe leaves out: third-party markup we cannot change. Each entry says why. */
const EXCLUDED_SELECTORS: string[] = [
  // react-admin 5.15's row checkbox (SelectRowCheckbox) gives its aria-label to MUI 9's Checkbox, which puts it on the
  // wrapping <span> rather than the <input>: the input is unnamed (label) and the span misuses aria-label. The header's
  // select-all passes it to the input and is checked.
  '.RaDataTable-checkbox.select-item',
];

/** Screens this worker already checked in every variant: `${project}|${screen}`. */
const checked = new Set<string>();

/**
 * The screen a URL shows, with its ids taken out: the web app's route pattern ('marketplace/products/:id'), or for the
 * back office (/admin, its own router) the path with id-like segments as ':id'. Query and hash are left out.
 */
export function screenOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) {
    const parts = path.split('/').map((part) => (/\d/.test(part) && part.length >= 6 ? ':id' : part));
    return parts.join('/');
  }
  if (path.startsWith('/api/') || path.startsWith('/dev/mailbox')) return null;
  const patterns = [...Object.values(ROUTE_PATHS), ...Object.values(DEV_ROUTE_PATHS)];
  const pattern = patterns.find((p) => p !== ROUTE_PATHS.admin && patternMatches(p, path));
  return pattern === undefined ? '/<not found>' : `/${pattern}`;
}

/** Marks, while the other variant is painted, the elements whose colours it changed (the only ones to check again). */
const RECOLOURED = 'data-a11y-recoloured';

type ColourSnapshot = { __a11yColours?: Map<Element, string> };

/**
 * Paints `variant` over the page in place by running the inline theme script (web/theme-init-script.ts) again with
 * that variant stored, so the check follows whatever the script sets on <html>. With `compare`, first notes every
 * element's colours and afterwards marks those that changed; returns how many did.
 */
async function paintVariant(page: Page, variant: ThemeVariant, compare: boolean): Promise<number> {
  await page.evaluate(
    ({ key, variant, compare }) => {
      const colours = (el: Element) => {
        const s = getComputedStyle(el);
        return `${s.color}|${s.backgroundColor}|${s.backgroundImage}|${s.borderTopColor}|${s.outlineColor}`;
      };
      const w = window as ColourSnapshot;
      if (compare) {
        // No transitions while the colours switch: axe reads computed colours at once, not at the end of a fade.
        const still = document.createElement('style');
        still.id = 'a11y-no-transitions';
        still.textContent = '*,*::before,*::after{transition:none!important}';
        document.head.append(still);
        w.__a11yColours = new Map(Array.from(document.body.querySelectorAll('*'), (el) => [el, colours(el)]));
      }
      window.localStorage.setItem(key, variant);
    },
    { key: THEME_VARIANT_STORAGE_KEY, variant, compare },
  );
  // Evaluated by the test runner (not eval in the page), so the page's CSP does not stand in the way.
  await page.evaluate(THEME_INIT_SCRIPT);
  return page.evaluate(
    ({ compare, attr }) => {
      const w = window as ColourSnapshot;
      const before = w.__a11yColours;
      delete w.__a11yColours;
      if (!compare || !before) {
        document.getElementById('a11y-no-transitions')?.remove();
        for (const el of document.querySelectorAll(`[${attr}]`)) el.removeAttribute(attr);
        return 0;
      }
      let changed = 0;
      for (const [el, was] of before) {
        const s = getComputedStyle(el);
        if (`${s.color}|${s.backgroundColor}|${s.backgroundImage}|${s.borderTopColor}|${s.outlineColor}` === was) continue;
        // Only the outermost: axe checks an included element's whole subtree, and a long include list is slow.
        if (el.parentElement?.closest(`[${attr}]`)) continue;
        el.setAttribute(attr, '');
        changed++;
      }
      return changed;
    },
    { compare, attr: RECOLOURED },
  );
}

function isVariant(value: string | null): value is ThemeVariant {
  return value !== null && (THEME_VARIANTS as readonly string[]).includes(value);
}

async function analyze(page: Page, onlyRecoloured: boolean): Promise<Violation[]> {
  // Legacy mode runs axe.run in the page itself: the default opens a blank page per scan to merge frame results.
  // resultTypes: passes and incomplete results keep one node each instead of every node (much less to build and send).
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of EXCLUDED_SELECTORS) builder = builder.exclude(selector);
  // The second variant only changes colours: only the colour rules on what it recoloured (and inside) can differ.
  if (onlyRecoloured) builder = builder.include(`[${RECOLOURED}]`).withRules(['color-contrast', 'link-in-text-block']);
  const results = await builder.analyze();
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

function describe(violations: Violation[], where: string): string {
  const lines = [`${where}:`];
  for (const v of violations) {
    lines.push(`  - ${v.id} [${v.impact}] ${v.help}`, `    ${v.helpUrl}`);
    for (const node of v.nodes.slice(0, 6)) {
      const detail = node.failureSummary?.split('\n').slice(1).join(' ').trim();
      lines.push(`    • ${node.target.join(' >> ')}${detail ? ` — ${detail}` : ''}`);
    }
    if (v.nodes.length > 6) lines.push(`    • … and ${v.nodes.length - 6} more`);
  }
  return lines.join('\n');
}

/** Errors that mean the page moved on while axe ran (its marked elements gone too): checked the next time it is reached. */
const GONE =
  /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|navigat|Frame was detached|No elements found for include/i;

/**
 * Checks the page's current screen unless this worker already did, in the page's variant and then the other one
 * (switched in place and switched back). Returns the readable report of serious/critical violations, or null.
 */
export async function checkScreen(page: Page, testInfo: TestInfo): Promise<string | null> {
  if (!A11Y_ENABLED || page.isClosed()) return null;
  const screen = screenOf(page.url());
  if (!screen) return null;
  const key = `${testInfo.project.name}|${screen}`;
  if (checked.has(key)) return null;
  try {
    const current = await page.evaluate(() => document.documentElement.getAttribute('data-theme-variant'));
    // The back office has no theme experiment: one scan.
    const variants: (ThemeVariant | null)[] = isVariant(current)
      ? [current, ...THEME_VARIANTS.filter((v) => v !== current)]
      : [null];
    const reports: string[] = [];
    for (const variant of variants) {
      const switched = variant !== null && variant !== current;
      const started = Date.now();
      try {
        // Nothing recoloured (no accent on the screen): nothing to check again.
        if (switched && !(await paintVariant(page, variant, true))) continue;
        const violations = await analyze(page, switched);
        if (LOG) appendFileSync(LOG, `${key}|${variant ?? '-'}|${Date.now() - started} ms|${violations.map((v) => v.id).join(',')}\n`);
        if (violations.length) reports.push(describe(violations, `${testInfo.project.name} ${screen}${variant ? ` (${variant})` : ''}`));
      } finally {
        if (switched && isVariant(current)) await paintVariant(page, current, false);
      }
    }
    checked.add(key);
    return reports.length ? reports.join('\n') : null;
  } catch (error) {
    if (page.isClosed() || GONE.test(String(error))) return null;
    throw error;
  }
}
