import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Spec files run two at a time, each worker against its own server (see webServer and e2e/test.ts). */
const workers = Number(process.env.E2E_WORKERS ?? 2);
/** The app's development build, served by one more server on the port after the workers' (project `dev-build`). */
const devPort = port + workers;
const DEV_BUILD_SPECS = /(dev-build|booking)\.spec\.ts$/;

const serverPort = (i: number | 'dev') => (i === 'dev' ? devPort : port + i);

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
  projects: [
    { name: 'journeys', testIgnore: /dev-build\.spec\.ts$/ },
    // Every screen, and the booking journeys again, on React's and xstate's development builds (strict mode's double
    // renders and effects, the libraries' checks) that production hides.
    { name: 'dev-build', testMatch: DEV_BUILD_SPECS, use: { baseURL: `http://localhost:${devPort}` } },
  ],
  // One server, with its own fresh PGlite folder and demo data, per worker: e2e/test.ts points each worker's pages
  // at its own (port + parallelIndex), so journeys that count bookings, notifications or a wallet never see another
  // worker's.
  webServer: [...Array.from({ length: workers }, (_, i): number | 'dev' => i), 'dev' as const].map((i) => ({
    command: i === 'dev'
      ? 'npx vite build --mode development --outDir .tmp/app-dev --emptyOutDir --logLevel error && rm -rf .tmp/e2e-data-dev && node --import tsx server/main.ts'
      : `rm -rf .tmp/e2e-data-${i} && node --import tsx server/main.ts`,
    // Every journey logs in and books from 127.0.0.1 with a few contact emails, so those limits are raised for the run.
    env: {
      PORT: String(serverPort(i)), DATA_DIR: `.tmp/e2e-data-${i}`, APP_URL: `http://localhost:${serverPort(i)}`, LOG_LEVEL: 'warn',
      ...(i === 'dev' ? { APP_DIR: '.tmp/app-dev' } : {}),
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000', REGISTER_LIMIT_PER_IP_PER_HOUR: '1000', FORGOT_LIMIT_PER_IP_PER_HOUR: '1000',
      BOOKING_LIMIT_PER_IP_PER_HOUR: '1000', BOOKING_LIMIT_PER_EMAIL_PER_HOUR: '1000', LIVE_HOLDS_PER_IP: '1000', LIVE_HOLDS_PER_EMAIL: '1000',
      LOOKUP_FAILURES_PER_IP_PER_HOUR: '1000',
    },
    // Ready once the demo bookings a first start makes after listening are in (the server answers before that).
    url: `http://127.0.0.1:${serverPort(i)}/api/dev/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
  })),
});
