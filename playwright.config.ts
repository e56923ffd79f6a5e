import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';
import { writeToolRegistry } from './scripts/tool-registry.mjs';

// The specs read the shared tool registry: its generated lists are written before they load.
writeToolRegistry();

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
/**
 * Tests run at once, across both projects; the e2e server gives each one a job slot. Change it
 * here rather than with --workers, which the server does not see. One: on a 2-core machine two
 * headless Chromiums slow each other down by more than they gain (a test runs about 2.5 times
 * faster alone), so one at a time finishes the suite no later and no test nears its timeout.
 */
const workers = 1;

/** Debian's Chromium (or Playwright's own), headless, with the flags a closed-network root sandbox needs. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: chromium },
    {
      name: 'phone',
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), PUBLIC_URL: baseURL, E2E_WORKERS: String(workers) },
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped like a terminal's Ctrl-C, so it stops its own PostgreSQL before it exits.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
