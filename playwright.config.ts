// Browser tests: the built app served by the real server (`adapters/main.ts`) in Debian's Chromium.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4311);
const baseURL = `http://127.0.0.1:${port}`;
// The demo admin the server seeds on its fresh database; the admin spec signs in with it.
process.env.E2E_ADMIN_EMAIL ??= 'admin@turma.local';
process.env.E2E_ADMIN_PASSWORD ??= 'Senha-forte-123';
// The seeded admin's known TOTP secret (DEMO_ADMIN_TOTP_SECRET); tests/e2e/support/admin.ts computes its codes.
process.env.E2E_ADMIN_TOTP_SECRET ??= 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

// Debian's headless shell (package chromium-headless-shell) when installed: the same engine without the browser's UI
// processes, 16-17 % less time on the same specs here; the full browser otherwise.
// The shell has no push service (no PushManager), so the web-push spec runs in the full browser ('desktop-browser').
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FULL_BROWSER_SPECS = ['push.spec.ts'];
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The specs the phone runs: the public pages, sign-up and sign-in, the phone navigation, search, the marketplace, groups and
 * referrals, and one sweep of every signed-in screen with real content (phone-screens). The other flows (payments,
 * refunds, the back office, the server render's replay of early input…) are the same logic at another width: they run
 * once, on desktop, as do the tests in the phone specs that skip the phone for that reason.
 */
const PHONE_SPECS = [
  'landing',
  'first-visit',
  'auth',
  'mobile',
  'address-outage',
  'professionals-search',
  'marketplace',
  'groups',
  'referrals',
  'voucher-redemption',
  'admin-portuguese',
  'phone-screens',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // The back office's bundle can take more than the default 5 s to draw its first screen on a loaded 2-core machine.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    locale: 'pt-BR',
    // Animations off (the app honours prefers-reduced-motion): no frames drawn while a test waits (10-17 % of a paired
    // run), and axe never scans a toast half faded in.
    reducedMotion: 'reduce',
    // Recording a trace costs every test its snapshots and screencast (15-40 % of the run, measured on two specs);
    // `npx playwright test --trace retain-on-failure` records them when a failure needs one.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', testIgnore: ['phone-screens.spec.ts', ...FULL_BROWSER_SPECS], use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'desktop-browser',
      testMatch: FULL_BROWSER_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: { ...chromium, executablePath: BROWSER } },
    },
    {
      name: 'phone',
      testMatch: PHONE_SPECS.map((name) => `${name}.spec.ts`),
      // Pixel 7's 2.625 device pixels per CSS pixel change no layout, only how many pixels the software rasterizer
      // fills: at 1 the phone specs took 13 % less time.
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, deviceScaleFactor: 1, launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/support/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DEMO_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      DEMO_ADMIN_TOTP_SECRET: process.env.E2E_ADMIN_TOTP_SECRET,
      // No test talks to the internet: the address services point at a closed local port, so the
      // sign-up form's manual-entry fallback is what the browser tests exercise.
      VIACEP_URL: 'http://127.0.0.1:9',
      NOMINATIM_URL: 'http://127.0.0.1:9',
      // Map tiles disabled: maps draw their markers on a plain background and never reach a tile server
      // (E2E_MAP_TILE_URL may point them at a local tile server instead).
      MAP_TILE_URL: process.env.E2E_MAP_TILE_URL ?? '',
      // Browser tests sign up many accounts from one address within the hour.
      AUTH_SIGNUP_LIMIT: '500',
      // … and look up many CEPs and cities from it within 5 minutes.
      ADDRESS_LOOKUP_LIMIT: '5000',
      NODE_ENV: 'development',
      TURMA_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      // The embedded engine `npm start` gives, even when the vitest suite runs on PostgreSQL (DATABASE_URL is not
      // passed on): one CI run then drives every screen on PGlite and every route on PostgreSQL. E2E_DATABASE_URL puts
      // the browser tests on PostgreSQL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  },
});
