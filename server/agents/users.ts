import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';
import { simpleMail } from '../mail/templates';
import { enqueueMail } from '../mail/outbox';
import { toApiUser } from '../auth/users';
import { toMoney } from '../../contract/money';
import type { AgentProfile } from '../../contract/agents';
import { agentOwnMarkup } from '../pricing';

export type ProfileRow = typeof agentProfiles.$inferSelect;

/** A profile counts as complete once the company details staff need for approval are there. */
export const profileComplete = (p: ProfileRow | null | undefined) => !!(p && p.companyName && p.phone && p.licenceNo && p.address && p.city && p.country);

export async function agentProfileOf(db: DbOrTx, user: SessionUser): Promise<AgentProfile> {
  const [p] = await db.select().from(agentProfiles).where(eq(agentProfiles.userId, user.id)).limit(1);
  const api = toApiUser(user);
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    agent_code: user.agentCode,
    is_approved: api.is_approved,
    email_verified: api.email_verified,
    status: user.status,
    company_name: p?.companyName ?? '',
    phone: p?.phone ?? '',
    licence_no: p?.licenceNo ?? null,
    address: p?.address ?? null,
    city: p?.city ?? null,
    country: p?.country ?? null,
    contact_person: p?.contactPerson ?? null,
    logo_file: p?.logoFile ?? null,
    website: p?.website ?? null,
    rejection_reason: p?.rejectionReason ?? null,
    own_markup: toMoney(await agentOwnMarkup(db, user.id)),
    complete: profileComplete(p),
  };
}

const MAILS = {
  approved: {
    en: (n: string) => ({ subject: 'Your agent account has been approved', lines: [`Hello ${n},`, 'Your Safar agent account has been approved. You can now search, book and top up your wallet.'], label: 'Open the agent area' }),
    ar: (n: string) => ({ subject: 'تمت الموافقة على حساب الوكيل', lines: [`مرحباً ${n}،`, 'تمت الموافقة على حساب الوكيل الخاص بك في سفر. يمكنك الآن البحث والحجز وشحن محفظتك.'], label: 'الدخول إلى منطقة الوكيل' }),
  },
  rejected: {
    en: (n: string, reason: string) => ({ subject: 'Your agent application', lines: [`Hello ${n},`, 'Your Safar agent application was not approved.', ...(reason ? [`Reason: ${reason}`] : []), 'You can update your company details and we will review them again.'], label: 'Update your details' }),
    ar: (n: string, reason: string) => ({ subject: 'طلب حساب الوكيل', lines: [`مرحباً ${n}،`, 'لم تتم الموافقة على طلب حساب الوكيل في سفر.', ...(reason ? [`السبب: ${reason}`] : []), 'يمكنك تحديث بيانات شركتك وسنراجعها مرة أخرى.'], label: 'تحديث البيانات' }),
  },
} as const;

export async function mailAgentDecision(tx: DbOrTx, ctx: AppContext, agent: SessionUser, approved: boolean, reason: string) {
  const locale = agent.locale === 'ar' ? 'ar' : 'en';
  const t = approved ? MAILS.approved[locale](agent.name) : MAILS.rejected[locale](agent.name, reason);
  const url = `${ctx.config.appUrl}${approved ? '/agent/dashboard' : '/agent/add-agent-details'}`;
  await enqueueMail(tx, agent.email, simpleMail(locale, approved ? 'agent-approved' : 'agent-rejected', t.subject, [...t.lines], { label: t.label, url }));
}

export { users };
