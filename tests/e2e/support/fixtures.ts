// Shared Playwright fixtures for the browser tests: every test fails if the page logs a console.error or throws an
// uncaught error (unless the test said that exact error is expected), or if a screen it reaches has a serious or
// critical accessibility violation (support/a11y.ts).
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { A11Y_ENABLED, checkScreen } from './a11y';

/** Chromium's line for a CEP or city lookup answered 503 (the resource URL is in the line). */
const ADDRESS_OUTAGE = /status of 503 \(Service Unavailable\) \(\S*\/api\/(cep|geocode)\b/;

/** A console message as the guard reads it: its text, then where it came from. */
export function consoleLine(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

/** The address services' outage, by design in the browser tests (playwright.config.ts points them at a closed port). */
export const isAddressOutage = (line: string) => ADDRESS_OUTAGE.test(line);

export interface ConsoleGuard {
  /** Everything unexpected logged so far (console.error and pageerror). */
  readonly errors: string[];
  /** Accept errors matching `pattern` for the rest of this test (e.g. a 401 the test provokes). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard; a11yCheck: void }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // The e2e server's address services sit on a closed port (playwright.config.ts): their 503 is the outage by design.
      const allowed: RegExp[] = [ADDRESS_OUTAGE];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on('console', (message) => {
        if (message.type() === 'error') record(consoleLine(message));
      });
      page.on('pageerror', (error) => record(`pageerror: ${error.message}`));

      await use({ errors, allow: (pattern) => allowed.push(pattern) });

      expect(errors, 'the page logged errors it should not have').toEqual([]);
    },
    { auto: true },
  ],

  // Screens are checked where the test is done with them: before page.goto/reload/close or context.close moves on,
  // and at the end of the test for every page still open (contexts from browser.newContext/newPage included).
  a11yCheck: [
    async ({ context, browser, javaScriptEnabled }, use, testInfo) => {
      // axe runs inside the page: a page without JavaScript (the server-render tests) cannot be scanned.
      if (!A11Y_ENABLED || javaScriptEnabled === false) return use();
      const reports: string[] = [];
      const check = async (p: Page) => {
        const started = Date.now();
        const report = await checkScreen(p, testInfo);
        // The check's own time is not taken from the test's budget.
        testInfo.setTimeout(testInfo.timeout + (Date.now() - started));
        if (report) reports.push(report);
      };
      const contexts = new Set<BrowserContext>();
      const watchPage = (p: Page) => {
        const { goto, reload, close } = p;
        p.goto = async (...args) => {
          await check(p);
          return goto.apply(p, args);
        };
        p.reload = async (...args) => {
          await check(p);
          return reload.apply(p, args);
        };
        p.close = async (...args) => {
          await check(p);
          return close.apply(p, args);
        };
      };
      const watchContext = (c: BrowserContext) => {
        if (contexts.has(c)) return;
        contexts.add(c);
        c.pages().forEach(watchPage);
        c.on('page', watchPage);
        const { close } = c;
        c.close = async (...args) => {
          for (const p of c.pages()) await check(p);
          return close.apply(c, args);
        };
      };
      watchContext(context);
      const { newContext, newPage } = browser;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const c = await newContext.apply(browser, args);
        if (args[0]?.javaScriptEnabled !== false) watchContext(c);
        return c;
      };
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const p = await newPage.apply(browser, args);
        if (args[0]?.javaScriptEnabled !== false) watchContext(p.context());
        return p;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      // A failed test's last screen may be half-way through something: not worth a scan.
      if (testInfo.status === testInfo.expectedStatus) {
        for (const c of contexts) for (const p of c.pages()) await check(p);
      }
      if (reports.length) throw new Error(`Serious or critical accessibility violations (axe-core):\n${reports.join('\n')}`);
    },
    { auto: true },
  ],
});

export { expect };

const screenshotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** tests/e2e/screenshots/<project>-<name>.png (the folder is git-ignored). */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  mkdirSync(screenshotsDir, { recursive: true });
  return join(screenshotsDir, `${testInfo.project.name}-${name}.png`);
}

/** Whether the screens are captured for people to look at: `E2E_SCREENSHOTS=1` (docs/testing.md#screenshots). */
const capturing = process.env.E2E_SCREENSHOTS === '1';

/**
 * Captures a page or a part of it as tests/e2e/screenshots/<project>-<name>.png when asked to. Nothing reads these
 * files but a person, and a full-page capture costs a second or more of software rendering, so a plain run skips them.
 */
export async function capture(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!capturing) return;
  await target.screenshot({ path: screenshotPath(testInfo, name), ...options });
}

/** Scrolls through the whole page so sections loaded on approach (IntersectionObserver) render. */
export async function scrollThroughPage(page: Page) {
  // Re-measure on every step: sections grow as they load.
  for (let y = 0; ; ) {
    const { height, step } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight - window.innerHeight,
      step: Math.max(200, Math.floor(window.innerHeight * 0.7)),
    }));
    if (y > height) break;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(80);
    y += step;
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(80);
}
