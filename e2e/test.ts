import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, closing every browser context a test opened itself (a second user, another language) when
 * it ends. Playwright closes only the context it made; one left open keeps its signed-in page polling and
 * rendering through every later test of the run, slowing them and making their timing less certain.
 * Pages still open when a test fails are photographed before this closes them.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  // Each worker has its own server, at the configured port plus the worker's slot (playwright.config.ts).
  baseURL: async ({ baseURL }, provide, testInfo) => {
    if (testInfo.project.name !== 'journeys') return provide(baseURL); // one server of its own
    const url = new URL(baseURL ?? 'http://localhost:8181');
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await provide(url.origin);
  },
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close()));
    },
    { auto: true },
  ],
});
