/**
 * Password guessing without locking out the owner. A hard limit applies to one account from one address only
 * (the guesser's own), so the rightful owner signing in from elsewhere still gets in. Across all addresses an
 * account under attack is slowed down instead (each attempt waits a little longer), and once the failures reach
 * an alert level the owner and the admins are told by mail, once per window.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rateLimits, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { simpleMail } from '../mail/templates';
import { currentHits, hit } from './rate-limit';

const WINDOW_SECONDS = 900;
export const LOCKED_MESSAGE = 'Too many failed attempts. Please try again in 15 minutes.';

const accountKey = (email: string) => `login-fail:${email.toLowerCase()}`;
const pairKey = (email: string, ip: string) => `login-fail:${email.toLowerCase()}:${ip}`;
/** The failures counted for a sign-in: the account's from this address, and the account's from anywhere. */
const failureWindows = (email: string, ip: string) => [
  { key: pairKey(email, ip), windowSeconds: WINDOW_SECONDS },
  { key: accountKey(email), windowSeconds: WINDOW_SECONDS },
];

/** How long an attempt waits when the account has had `failures` recent failures from anywhere. */
export function slowdownMs(failures: number, limits: AppContext['config']['limits']): number {
  const over = failures - limits.loginFailuresPerAccount;
  return over <= 0 ? 0 : Math.min(limits.loginSlowdownMaxMs, over * limits.loginSlowdownStepMs);
}

/** Before the password is checked: refuse a locked account-and-address pair, slow down an account under attack. */
export async function beforeLogin(ctx: AppContext, email: string, ip: string): Promise<void> {
  const limits = ctx.config.limits;
  const failures = await currentHits(ctx, failureWindows(email, ip));
  if (failures.get(pairKey(email, ip))! >= limits.loginFailuresPerAccountAndIp) throw new ApiError(429, LOCKED_MESSAGE);
  const wait = slowdownMs(failures.get(accountKey(email))!, limits);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

export async function loginFailed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const failures = (await hit(ctx, failureWindows(email, ip))).get(accountKey(email))!;
  if (failures === ctx.config.limits.loginAlertFailures) await alert(ctx, email, failures);
}

/** The owner got in: their address is no longer counted against them. The account-wide count stays. */
export async function loginSucceeded(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, pairKey(email, ip)));
}

const ALERT = {
  en: {
    subject: 'Many failed sign-ins to a Safar account',
    owner: (n: number) => `There were ${n} failed attempts to sign in to your account in the last 15 minutes. Your account is not locked: you can still sign in. If this was not you, consider changing your password.`,
    staff: (email: string, n: number) => `There were ${n} failed attempts to sign in to the account ${email} in the last 15 minutes, from several addresses. Sign-ins to it are being slowed down.`,
  },
  ar: {
    subject: 'محاولات دخول فاشلة كثيرة إلى حساب في سفر',
    owner: (n: number) => `جرت ${n} محاولة فاشلة لتسجيل الدخول إلى حسابك خلال آخر 15 دقيقة. حسابك غير مقفل ويمكنك تسجيل الدخول. إن لم تكن أنت فننصحك بتغيير كلمة المرور.`,
    staff: (email: string, n: number) => `جرت ${n} محاولة فاشلة لتسجيل الدخول إلى الحساب ${email} خلال آخر 15 دقيقة من عناوين عدة. يجري إبطاء محاولات الدخول إليه.`,
  },
} as const;

async function alert(ctx: AppContext, email: string, failures: number): Promise<void> {
  const lang = (l: string) => (l === 'ar' ? 'ar' : 'en');
  const [owner] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  const admins = await ctx.db.select().from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  if (owner) {
    const t = ALERT[lang(owner.locale)];
    await enqueueMail(ctx.db, owner.email, simpleMail(owner.locale, 'login-alert', t.subject, [t.owner(failures)]));
  }
  for (const a of admins) {
    if (a.id === owner?.id) continue;
    const t = ALERT[lang(a.locale)];
    await enqueueMail(ctx.db, a.email, simpleMail(a.locale, 'login-alert-staff', t.subject, [t.staff(email.toLowerCase(), failures)]));
  }
  ctx.log.warn({ email: email.toLowerCase(), failures }, 'many failed sign-ins to one account');
}
