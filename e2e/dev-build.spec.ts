import type { Page } from '@playwright/test';
import { ROUTES, isScreen, type ScreenRoute } from '../src/app/routes';
import { guard } from '../machines/guard';
import { expect, test } from './test';
import { login } from './support';
import type { User } from '../contract/auth';

/**
 * Every screen against the app's development build (React's development runtime, strict mode's double renders and
 * effects, xstate's development checks), which production hides: a snapshot read while its actor initialises left
 * every page blank there. Served by a server of its own (playwright.config.ts, project `dev-build`), which also runs
 * the booking journeys.
 */

interface Visitor { name: string; email?: string; user?: Pick<User, 'role' | 'is_approved' | 'email_verified'> }
const VISITORS: Visitor[] = [
  { name: 'guest' },
  { name: 'customer', email: 'customer@demo.safar', user: { role: 'customer', is_approved: '0', email_verified: true } },
  { name: 'agent', email: 'agent@demo.safar', user: { role: 'agent', is_approved: '1', email_verified: true } },
  { name: 'pending agent', email: 'pending.agent@demo.safar', user: { role: 'agent', is_approved: '0', email_verified: true } },
  { name: 'admin', email: 'admin@demo.safar', user: { role: 'admin', is_approved: '1', email_verified: true } },
  { name: 'analyst', email: 'analyst@demo.safar', user: { role: 'analyst', is_approved: '1', email_verified: true } },
];

/** The screens a visitor may open, without a parameter in the path; each is seen once (the first visitor who may). */
function screensFor(visitor: Visitor, seen: Set<string>): ScreenRoute[] {
  return ROUTES.filter(isScreen).filter((r) => {
    if (r.path.includes(':') || seen.has(r.path)) return false;
    if (!guard((visitor.user ?? null) as User | null, r.access).allow) return false;
    seen.add(r.path);
    return true;
  });
}

/** Everything the page reports as broken: uncaught errors and React's or the app's console errors. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text()); });
  return errors;
}

/** A move inside the app, as a link makes it (the router listens to history pushes). */
async function moveTo(page: Page, path: string) {
  await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
}

// Each visitor's walk only reads, so the walks may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

const seen = new Set<string>();
const plan = VISITORS.map((v) => ({ visitor: v, screens: screensFor(v, seen) }));

for (const { visitor, screens } of plan) {
  test(`every screen open to the ${visitor.name} renders in the development build`, async ({ page }) => {
    test.setTimeout(30_000 + screens.length * 5_000);
    const errors = watchErrors(page);
    if (visitor.email) await login(page, visitor.email);
    else await page.goto('/');
    const failures: string[] = [];
    for (const route of screens) {
      errors.length = 0;
      await moveTo(page, route.path);
      // Rendered: the screen has put text of its own in the page's main region, and the loader is gone.
      const rendered = await page.waitForFunction(() => {
        const main = document.querySelector('main');
        return !!main && !main.querySelector('.page-loader') && (main.textContent ?? '').trim().length > 0;
      }, undefined, { timeout: 8_000 }).then(() => true, () => false);
      await page.waitForTimeout(150); // effects that run after the first paint, twice in strict mode
      if (!rendered) failures.push(`${route.path}: nothing rendered`);
      if (await page.getByText('This page could not be loaded').count()) failures.push(`${route.path}: the screen's error boundary`);
      failures.push(...errors.map((e) => `${route.path}: ${e.slice(0, 300)}`));
    }
    expect(failures).toEqual([]);
  });
}
