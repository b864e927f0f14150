import { join } from 'node:path';
import pino from 'pino';
import type { AppContext } from '../../server/context';
import { DEFAULT_LIMITS, type Config } from '../../server/config';
import type { Db } from '../../server/db/client';

export const TEMPLATE_FILE = join(process.cwd(), '.tmp', 'pglite-template.tar');
/** Several checkouts may run the PostgreSQL suite on one server at once: each names its own template. */
export const PG_TEMPLATE_DB = process.env.SAFAR_PG_TEMPLATE ?? 'safar_template';

/** Test configuration: generous rate limits unless a test tightens them. */
export function testConfig(over: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    paymentsSandbox: true,
    trustProxyHops: 0,
    dataDir: join(process.cwd(), '.tmp'),
    appUrl: 'http://localhost:8080',
    appKey: 'test-app-key-0123456789',
    mailFrom: 'Safar <no-reply@safar.test>',
    bodyLimitBytes: 2 * 1024 * 1024,
    sessionDays: 14,
    limits: {
      ...DEFAULT_LIMITS, loginPerIpPerMinute: 10_000, forgotPerIpPerHour: 10_000, registerPerIpPerHour: 10_000,
      // Test files book many times from one in-process "address" and one contact email.
      bookingsPerIpPerHour: 10_000, bookingsPerEmailPerHour: 10_000, liveHoldsPerEmail: 10_000, liveHoldsPerIp: 10_000, guestHoldShare: 1,
      lookupFailuresPerIpPerHour: 10_000, lookupFailuresPerEmailPerHour: 10_000, paymentCallbacksPerIpPerMinute: 10_000,
      loginSlowdownStepMs: 0,
    },
    ...over,
  };
}

export function testContext(db: Db, over: Partial<Config> = {}): AppContext & { clock: { now: Date } } {
  const clock = { now: new Date() };
  return { db, config: testConfig(over), log: pino({ level: 'silent' }), now: () => clock.now, clock };
}

export function pgUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}
