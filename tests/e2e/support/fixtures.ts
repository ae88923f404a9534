// Shared Playwright fixtures for the browser tests: every test fails if the page logs a
// console.error or throws an uncaught error, unless the test said that exact error is expected.
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ConsoleGuard {
  /** Everything unexpected logged so far (console.error and pageerror). */
  readonly errors: string[];
  /** Accept errors matching `pattern` for the rest of this test (e.g. a 401 the test provokes). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        record(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => record(`pageerror: ${error.message}`));

      await use({ errors, allow: (pattern) => allowed.push(pattern) });

      expect(errors, 'the page logged errors it should not have').toEqual([]);
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
