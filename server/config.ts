import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
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
}

export interface Limits {
  loginPerIpPerMinute: number;
  loginFailuresPerAccount: number;
  forgotPerIpPerHour: number;
  forgotPerAccount: number;
  registerPerIpPerHour: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIpPerMinute: 30,
  loginFailuresPerAccount: 5,
  forgotPerIpPerHour: 20,
  forgotPerAccount: 3,
  registerPerIpPerHour: 20,
};

function appKeyFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.APP_KEY) return env.APP_KEY;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const mailFrom = env.MAIL_FROM ?? 'Safar <no-reply@safar.local>';
  return {
    env: nodeEnv,
    port,
    dataDir,
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
    limits: {
      ...DEFAULT_LIMITS,
      // Per-address limits; a test run or an office behind one NAT address may need them higher.
      loginPerIpPerMinute: Number(env.LOGIN_LIMIT_PER_IP_PER_MINUTE ?? DEFAULT_LIMITS.loginPerIpPerMinute),
      registerPerIpPerHour: Number(env.REGISTER_LIMIT_PER_IP_PER_HOUR ?? DEFAULT_LIMITS.registerPerIpPerHour),
      forgotPerIpPerHour: Number(env.FORGOT_LIMIT_PER_IP_PER_HOUR ?? DEFAULT_LIMITS.forgotPerIpPerHour),
    },
  };
}
