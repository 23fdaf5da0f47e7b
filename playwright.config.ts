import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Values set here in the runner are inherited by the workers, so every file sees the same
// server: its port, its empty data folder and its admin.
// Below the kernel's ephemeral range (32768-60999): a port there can be taken at random by any
// outgoing connection (CI once found 41436 in use and the run failed before its first test).
process.env.E2E_PORT ??= String(21_000 + (process.pid % 2000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'e2e-admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= `admin-${process.pid}-${Date.now()}`;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI keeps a machine-readable report too (scripts/test-reports.mjs reads it).
  reporter: process.env.TEST_REPORT_DIR
    ? [
        ['list'],
        ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'playwright.json') }],
      ]
    : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: 'node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      // A client served on the next port stands for the original app on its own origin
      // (tests/e2e/cross-origin.spec.ts); the port after it is an origin not listed.
      CORS_ORIGINS: `http://localhost:${port + 1}`,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      ADMIN_NAME: 'Ada Admin',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every shopper's own selection of the listing comes as its frame, as on a busy day: the
      // browser draws its products (a quiet shop renders a few a second whole, like any page).
      SELECTION_RENDERS_PER_SECOND: '0',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
    },
  },
});
