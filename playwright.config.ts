import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { E2eServer } from './e2e/servers';

const port = Number(process.env.E2E_PORT ?? 8181);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Spec files run two at a time, each worker against its own server (see webServer and e2e/test.ts). */
const workers = Number(process.env.E2E_WORKERS ?? 2);
/** The app's development build, served by one more server on the port after the workers' (project `dev-build`). */
const devPort = port + workers;
const DEV_BUILD_SPECS = /(dev-build|booking)\.spec\.ts$/;
/**
 * Real providers: a server selling Duffel's offers and paid through Safepay and JazzCash, each a simulator of the
 * provider's documented API on the ports after it (project `providers`).
 */
const providersPort = devPort + 1;
const sims = { duffel: providersPort + 1, safepay: providersPort + 2, jazzcash: providersPort + 3 };
const PROVIDER_SPECS = /providers\.spec\.ts$/;

/**
 * Chromium's features off for the run. Each new context of headless Chromium otherwise starts a renderer for the
 * address bar's popups (chrome://omnibox-popup.top-chrome), about 1.4 s of CPU that no page uses. Chromium keeps
 * only the last --disable-features it is given, so the list repeats the ones Playwright itself turns off.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup',
  // Playwright's own (playwright-core's chromiumSwitches), and PaintHolding, which headless Chromium adds.
  'AimEnabled', 'AvoidCorsURLLoaderRestartOnRedirect', 'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable', 'HttpsUpgrades', 'LensOverlay', 'MediaRouter', 'NetworkTimeServiceQuerying', 'OptimizationHints',
  'PaintHolding', 'PreconnectToSearch', 'ThirdPartyStoragePartitioning',
].join(',');

/** Where e2e/servers.ts answers once every server below is ready. */
const launcherPort = sims.jazzcash + 1;

type Slot = number | 'dev' | 'providers';
const serverPort = (i: Slot) => (i === 'dev' ? devPort : i === 'providers' ? providersPort : port + i);
/** The providers server's settings: the simulators' addresses and their documented sandbox credentials. */
const providerEnv = {
  FLIGHT_SUPPLIERS: 'duffel', DUFFEL_ACCESS_TOKEN: 'duffel_test_sim', DUFFEL_API_URL: `http://127.0.0.1:${sims.duffel}`, DUFFEL_WEBHOOK_SECRET: 'whsec_e2e',
  PAYMENTS_PROVIDER: 'safepay', SAFEPAY_API_URL: `http://127.0.0.1:${sims.safepay}`, SAFEPAY_ENVIRONMENT: 'sandbox',
  SAFEPAY_API_KEY: 'sec_5afe0000-5a4a-4000-8000-000000000001', SAFEPAY_SECRET_KEY: '5afe5ec7000000000000000000000000000000000000000000000000000000a1',
  SAFEPAY_WEBHOOK_SECRET: '5afe00b0000000000000000000000000000000000000000000000000000000b2',
  JAZZCASH_URL: `http://127.0.0.1:${sims.jazzcash}`, JAZZCASH_MERCHANT_ID: 'MC10001', JAZZCASH_PASSWORD: 'sim0pass01', JAZZCASH_INTEGRITY_SALT: 'sim0salt01', JAZZCASH_MPIN: '1234',
};

/**
 * The app servers run as `npm start` runs its server, on the bundle the build before the journeys made: no
 * TypeScript compiled at each start (about 3 s of CPU per server), and what the journeys test is what ships.
 */
const serveBuilt = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start.split('&& ').pop() as string;

const servers: E2eServer[] = [
  ...[...Array.from({ length: workers }, (_, i): Slot => i), 'dev' as const, 'providers' as const].map((i) => ({
    name: `app ${i}`,
    command: i === 'dev'
      ? `npx vite build --mode development --outDir .tmp/app-dev --emptyOutDir --logLevel error && rm -rf .tmp/e2e-data-dev && ${serveBuilt}`
      : `rm -rf .tmp/e2e-data-${i} && ${serveBuilt}`,
    // Every journey logs in and books from 127.0.0.1 with a few contact emails, so those limits are raised for the run.
    env: {
      PORT: String(serverPort(i)), DATA_DIR: `.tmp/e2e-data-${i}`, APP_URL: `http://localhost:${serverPort(i)}`, LOG_LEVEL: 'warn',
      ...(i === 'dev' ? { APP_DIR: '.tmp/app-dev' } : {}),
      ...(i === 'providers' ? providerEnv : {}),
      LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000', REGISTER_LIMIT_PER_IP_PER_HOUR: '1000', FORGOT_LIMIT_PER_IP_PER_HOUR: '1000',
      BOOKING_LIMIT_PER_IP_PER_HOUR: '1000', BOOKING_LIMIT_PER_EMAIL_PER_HOUR: '1000', LIVE_HOLDS_PER_IP: '1000', LIVE_HOLDS_PER_EMAIL: '1000',
      LOOKUP_FAILURES_PER_IP_PER_HOUR: '1000',
    },
    // Ready once the demo bookings a first start makes after listening are in (the server answers before that).
    url: `http://127.0.0.1:${serverPort(i)}/api/dev/ready`,
  })),
  ...[
    `node --import tsx tests/support/duffel-sim.ts --port ${sims.duffel} --token duffel_test_sim`,
    `node --import tsx tests/support/safepay-sim.ts --port ${sims.safepay} --webhook-url http://127.0.0.1:${providersPort}/api/webhooks/safepay`,
    `node --import tsx tests/support/jazzcash-sim.ts --port ${sims.jazzcash}`,
  ].map((command, i) => ({ name: Object.keys(sims)[i], command, port: Object.values(sims)[i] })),
];

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
    // A trace records the page as it goes (screenshots and DOM snapshots of every step), a quarter of a journey's
    // time; CI keeps no files, so it records none there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--disable-features=${DISABLED_FEATURES}`],
    },
  },
  // The projects with the longest single files first, so that neither worker is left with a long one at the end.
  projects: [
    // Every screen, and the two ways of paying for a booking again (a guest's card, an agent's wallet), on React's and
    // xstate's development builds (strict mode's double renders and effects, the libraries' checks) that production
    // hides.
    { name: 'dev-build', testMatch: DEV_BUILD_SPECS, grep: /development build|books a round trip|books one way/, use: { baseURL: `http://localhost:${devPort}` } },
    { name: 'journeys', testIgnore: [/dev-build\.spec\.ts$/, PROVIDER_SPECS] },
    { name: 'providers', testMatch: PROVIDER_SPECS, use: { baseURL: `http://localhost:${providersPort}` } },
  ],
  // One server, with its own fresh PGlite folder and demo data, per worker: e2e/test.ts points each worker's pages
  // at its own (port + parallelIndex), so journeys that count bookings, notifications or a wallet never see another
  // worker's. e2e/servers.ts starts them all (and the simulators) side by side, and answers once every one is ready.
  webServer: {
    command: 'node --import tsx e2e/servers.ts',
    url: `http://127.0.0.1:${launcherPort}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_SERVERS_PORT: String(launcherPort), E2E_SERVERS: JSON.stringify(servers) },
  },
});
