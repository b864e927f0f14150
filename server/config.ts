import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on: loopback unless HOST says otherwise, so a demo is not open to the network. */
  host: string;
  /**
   * The embedded card sandbox (its checkout pages and test cards). Off in production unless PAYMENTS_SANDBOX=true:
   * there it would ticket bookings for a test card number anyone can read.
   */
  paymentsSandbox: boolean;
  /**
   * Proxies in front of us that append to X-Forwarded-For (0: none, use the socket address). The client's address
   * is the entry this many places from the right; the entries left of it are written by the client.
   */
  trustProxyHops: number;
  dataDir: string;
  /** The built app to serve (APP_DIR; default dist/app): a development build of it is served from elsewhere. */
  appDir?: string;
  databaseUrl?: string;
  appUrl: string;
  /** Signs email links and sandbox callbacks. Kept in DATA_DIR when not given so links survive restarts. */
  appKey: string;
  smtp?: { host: string; port: number; user?: string; pass?: string; secure: boolean; from: string };
  mailFrom: string;
  /** One address (a shared inbox) for new-enquiry mails instead of every staff member who handles leads. */
  leadsNotifyEmail?: string;
  bodyLimitBytes: number;
  sessionDays: number;
  limits: Limits;
  /** How long SIGTERM waits for requests in flight before cutting them (SHUTDOWN_GRACE_MS, default 20 s). */
  shutdownGraceMs?: number;
  /** Job intervals by job name, overriding their defaults (JOB_EVERY_MS="outbox=500,booking-holds=1000"). */
  jobEveryMs?: Record<string, number>;
  /**
   * How old a supplier order with no booking must be before the orphan-order job cancels it
   * (ORDER_RECONCILE_GRACE_MS, default 2 minutes: longer than any booking request takes).
   */
  orderReconcileGraceMs?: number;
  /**
   * The flight suppliers whose offers are searched and sold (FLIGHT_SUPPLIERS, codes separated by commas; every
   * registered one when unset). Bookings already made with another one are still served by it.
   */
  sellFlightsFrom?: string[];
  /** Duffel's airline content, when DUFFEL_ACCESS_TOKEN is set. */
  duffel?: { token: string; apiUrl?: string; webhookSecret?: string; searchBudgetMs: number };
  /** The machine tests' coverage report the statechart explorer shows (MACHINE_COVERAGE_FILE; server/machine-coverage). */
  machineCoverageFile?: string;
  /** Real payment providers, each when its variables are set; `card` is PAYMENTS_PROVIDER's choice. */
  payments?: {
    card: 'sandbox' | 'safepay';
    safepay?: { apiKey: string; secretKey: string; webhookSecret: string; apiUrl: string; environment: string };
    jazzcash?: { merchantId: string; password: string; integritySalt: string; url: string; mpin?: string };
  };
}

export interface Limits {
  loginPerIpPerMinute: number;
  loginFailuresPerAccount: number;
  forgotPerIpPerHour: number;
  forgotPerAccount: number;
  registerPerIpPerHour: number;
  /** Failed logins from one address to one account before that pair is refused for the window (15 min). */
  loginFailuresPerAccountAndIp: number;
  /** Past loginFailuresPerAccount failures from anywhere, each attempt on the account waits this much more. */
  loginSlowdownStepMs: number;
  loginSlowdownMaxMs: number;
  /** Failures in the window at which the owner and the admins are mailed. */
  loginAlertFailures: number;
  /** Bookings created by guests and customers, per address and per contact email, an hour. */
  bookingsPerIpPerHour: number;
  bookingsPerEmailPerHour: number;
  /** Live unpaid holds of guests and customers, per contact email and per address. */
  liveHoldsPerEmail: number;
  liveHoldsPerIp: number;
  /** The share of a flight's sellable seats that unpaid guest and customer holds may take together. */
  guestHoldShare: number;
  /** Failed PNR + email look-ups, an hour. */
  lookupFailuresPerIpPerHour: number;
  /** Files one user may store in a day (a form carries one or two; a catalogue a few dozen). */
  uploadsPerUserPerDay: number;
  lookupFailuresPerEmailPerHour: number;
  /** Payment-provider callbacks per address a minute. */
  paymentCallbacksPerIpPerMinute: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIpPerMinute: 30,
  loginFailuresPerAccount: 5,
  forgotPerIpPerHour: 20,
  forgotPerAccount: 3,
  registerPerIpPerHour: 20,
  loginFailuresPerAccountAndIp: 5,
  loginSlowdownStepMs: 250,
  loginSlowdownMaxMs: 3000,
  loginAlertFailures: 20,
  bookingsPerIpPerHour: 30,
  bookingsPerEmailPerHour: 10,
  liveHoldsPerEmail: 3,
  liveHoldsPerIp: 6,
  guestHoldShare: 0.5,
  lookupFailuresPerIpPerHour: 20,
  lookupFailuresPerEmailPerHour: 10,
  paymentCallbacksPerIpPerMinute: 120,
  uploadsPerUserPerDay: 200,
};

const num = (v: string | undefined, fallback: number) => (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback);

/** TRUST_PROXY: unset/false → 0, true → 1 hop, a number → that many hops. */
export function trustProxyHops(v: string | undefined): number {
  if (!v || v === 'false') return 0;
  if (v === 'true') return 1;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function appKeyFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.APP_KEY) return env.APP_KEY;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A positive number from the environment, else the default (an empty or zero value must not mean "no wait"). */
const positive = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);

function jobIntervals(spec: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (spec ?? '').split(',')) {
    const [name, ms] = part.split('=').map((x) => x.trim());
    if (name && Number(ms) > 0) out[name] = Number(ms);
  }
  return out;
}

/** The payment providers the environment configures; a provider is on only with all its variables. */
function paymentsConfig(env: NodeJS.ProcessEnv): Config['payments'] {
  const v = (k: string) => env[k]?.trim() || undefined;
  const safepay = v('SAFEPAY_API_KEY') && v('SAFEPAY_SECRET_KEY') && v('SAFEPAY_WEBHOOK_SECRET')
    ? { apiKey: v('SAFEPAY_API_KEY')!, secretKey: v('SAFEPAY_SECRET_KEY')!, webhookSecret: v('SAFEPAY_WEBHOOK_SECRET')!, apiUrl: (v('SAFEPAY_API_URL') ?? 'https://api.getsafepay.com').replace(/\/$/, ''), environment: v('SAFEPAY_ENVIRONMENT') ?? 'production' }
    : undefined;
  const jazzcash = v('JAZZCASH_MERCHANT_ID') && v('JAZZCASH_PASSWORD') && v('JAZZCASH_INTEGRITY_SALT') && v('JAZZCASH_URL')
    ? { merchantId: v('JAZZCASH_MERCHANT_ID')!, password: v('JAZZCASH_PASSWORD')!, integritySalt: v('JAZZCASH_INTEGRITY_SALT')!, url: v('JAZZCASH_URL')!.replace(/\/$/, ''), mpin: v('JAZZCASH_MPIN') }
    : undefined;
  return { card: v('PAYMENTS_PROVIDER') === 'safepay' ? 'safepay' : 'sandbox', safepay, jazzcash };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const mailFrom = env.MAIL_FROM ?? 'Safar <no-reply@safar.local>';
  return {
    env: nodeEnv,
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    paymentsSandbox: env.PAYMENTS_SANDBOX === 'true' || (nodeEnv !== 'production' && env.PAYMENTS_SANDBOX !== 'false'),
    trustProxyHops: trustProxyHops(env.TRUST_PROXY?.trim()),
    dataDir,
    appDir: env.APP_DIR ? resolve(env.APP_DIR) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    appKey: appKeyFrom(env, dataDir),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 587),
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          secure: env.SMTP_SECURE === 'true',
          from: mailFrom,
        }
      : undefined,
    mailFrom,
    leadsNotifyEmail: env.LEADS_NOTIFY_EMAIL?.trim() || undefined,
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 12 * 1024 * 1024),
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    shutdownGraceMs: positive(env.SHUTDOWN_GRACE_MS, 20_000),
    jobEveryMs: jobIntervals(env.JOB_EVERY_MS),
    orderReconcileGraceMs: positive(env.ORDER_RECONCILE_GRACE_MS, 120_000),
    sellFlightsFrom: env.FLIGHT_SUPPLIERS?.trim() ? env.FLIGHT_SUPPLIERS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : undefined,
    duffel: env.DUFFEL_ACCESS_TOKEN?.trim()
      ? { token: env.DUFFEL_ACCESS_TOKEN.trim(), apiUrl: env.DUFFEL_API_URL?.trim() || undefined, webhookSecret: env.DUFFEL_WEBHOOK_SECRET?.trim() || undefined, searchBudgetMs: positive(env.DUFFEL_SEARCH_BUDGET_MS, 8000) }
      : undefined,
    payments: paymentsConfig(env),
    machineCoverageFile: env.MACHINE_COVERAGE_FILE?.trim() || undefined,
    limits: {
      ...DEFAULT_LIMITS,
      // Per-address limits; a test run or an office behind one NAT address may need them higher.
      loginPerIpPerMinute: num(env.LOGIN_LIMIT_PER_IP_PER_MINUTE, DEFAULT_LIMITS.loginPerIpPerMinute),
      registerPerIpPerHour: num(env.REGISTER_LIMIT_PER_IP_PER_HOUR, DEFAULT_LIMITS.registerPerIpPerHour),
      forgotPerIpPerHour: num(env.FORGOT_LIMIT_PER_IP_PER_HOUR, DEFAULT_LIMITS.forgotPerIpPerHour),
      bookingsPerIpPerHour: num(env.BOOKING_LIMIT_PER_IP_PER_HOUR, DEFAULT_LIMITS.bookingsPerIpPerHour),
      bookingsPerEmailPerHour: num(env.BOOKING_LIMIT_PER_EMAIL_PER_HOUR, DEFAULT_LIMITS.bookingsPerEmailPerHour),
      liveHoldsPerIp: num(env.LIVE_HOLDS_PER_IP, DEFAULT_LIMITS.liveHoldsPerIp),
      liveHoldsPerEmail: num(env.LIVE_HOLDS_PER_EMAIL, DEFAULT_LIMITS.liveHoldsPerEmail),
      guestHoldShare: num(env.GUEST_HOLD_SHARE, DEFAULT_LIMITS.guestHoldShare),
      lookupFailuresPerIpPerHour: num(env.LOOKUP_FAILURES_PER_IP_PER_HOUR, DEFAULT_LIMITS.lookupFailuresPerIpPerHour),
      uploadsPerUserPerDay: num(env.UPLOADS_PER_USER_PER_DAY, DEFAULT_LIMITS.uploadsPerUserPerDay),
    },
  };
}
