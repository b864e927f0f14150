import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles } from '../db/schema';
import { simpleMail } from '../mail/templates';

const INVITE = {
  en: (name: string, company: string, email: string, password: string) => ({
    subject: `You have been added to ${company} on Safar`,
    lines: [`Hello ${name},`, `${company} has added you to its Safar agent account.`, `Sign in with ${email} and this temporary password: ${password}`, 'Please change it after you sign in (Forgot password sets a new one).'],
    label: 'Sign in',
  }),
  ar: (name: string, company: string, email: string, password: string) => ({
    subject: `تمت إضافتك إلى ${company} في سفر`,
    lines: [`مرحباً ${name}،`, `أضافتك ${company} إلى حساب الوكيل في سفر.`, `سجّل الدخول بالبريد ${email} وكلمة المرور المؤقتة هذه: ${password}`, 'يرجى تغييرها بعد تسجيل الدخول (تتيح لك «نسيت كلمة المرور» تعيين كلمة جديدة).'],
    label: 'تسجيل الدخول',
  }),
} as const;

/** The invitation a new branch user gets, in its language, naming the agency and the temporary password. */
export async function inviteMail(tx: DbOrTx, ctx: AppContext, user: SessionUser & { agencyId: number }, password: string) {
  const [p] = await tx.select({ company: agentProfiles.companyName }).from(agentProfiles).where(eq(agentProfiles.userId, user.agencyId)).limit(1);
  const locale = user.locale === 'ar' ? 'ar' : 'en';
  const t = INVITE[locale](user.name, p?.company ?? 'Your agency', user.email, password);
  return simpleMail(locale, 'agency-invite', t.subject, [...t.lines], { label: t.label, url: `${ctx.config.appUrl}/auth/login` });
}
