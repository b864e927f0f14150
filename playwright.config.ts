import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Spec files run two at a time, each worker against its own server (see webServer and e2e/test.ts). */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // One server, with its own fresh PGlite folder and demo data, per worker: e2e/test.ts points each worker's pages
  // at its own (port + parallelIndex), so journeys that count bookings, notifications or a wallet never see another
  // worker's.
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: `rm -rf .tmp/e2e-data-${i} && node --import tsx server/main.ts`,
    // Every journey logs in and books from 127.0.0.1 with a few contact emails, so those limits are raised for the run.
    env: {
      PORT: String(port + i), DATA_DIR: `.tmp/e2e-data-${i}`, APP_URL: `http://localhost:${port + i}`, LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000', REGISTER_LIMIT_PER_IP_PER_HOUR: '1000', FORGOT_LIMIT_PER_IP_PER_HOUR: '1000',
      BOOKING_LIMIT_PER_IP_PER_HOUR: '1000', BOOKING_LIMIT_PER_EMAIL_PER_HOUR: '1000', LIVE_HOLDS_PER_IP: '1000', LIVE_HOLDS_PER_EMAIL: '1000',
      LOOKUP_FAILURES_PER_IP_PER_HOUR: '1000',
    },
    // Ready once the demo bookings a first start makes after listening are in (the server answers before that).
    url: `http://127.0.0.1:${port + i}/api/dev/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
  })),
});
