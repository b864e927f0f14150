import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../contract/auth';
import { ROLE_PERMISSIONS } from '../../contract/permissions';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { leads, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { simpleMail } from '../mail/templates';
import { isolate, isolateLtr } from '../../contract/format/money';
import { valuesIn } from '../documents/values';

type LeadRow = typeof leads.$inferSelect;

const SOURCES = {
  en: { visa: 'Visa', holiday: 'Holiday', umrah: 'Umrah', 'group-ticket': 'Group ticket', insurance: 'Insurance', contact: 'Contact' },
  ar: { visa: 'تأشيرة', holiday: 'عطلة', umrah: 'عمرة', 'group-ticket': 'تذكرة جماعية', insurance: 'تأمين', contact: 'تواصل' },
} as const;

const T = {
  en: (l: LeadRow, source: string) => ({
    subject: `New enquiry (${source}) from ${l.name}`,
    lines: [
      `${l.name} sent an enquiry${l.itemTitle ? ` about ${l.itemTitle}` : ''}.`,
      `Email: ${l.email}`, ...(l.phone ? [`Phone: ${l.phone}`] : []),
      ...(l.travellers ? [`Travellers: ${l.travellers}`] : []), ...(l.travelDate ? [`Travel date: ${valuesIn('en').day(l.travelDate)}`] : []),
      ...(l.message ? [`Message: ${l.message}`] : []),
    ],
    label: 'Open the leads list',
  }),
  ar: (l: LeadRow, source: string) => ({
    subject: `استفسار جديد (${source}) من ${l.name}`,
    lines: [
      `أرسل ${isolate(l.name)} استفساراً${l.itemTitle ? ` عن ${isolate(l.itemTitle)}` : ''}.`,
      `البريد الإلكتروني: ${isolateLtr(l.email)}`, ...(l.phone ? [`الهاتف: ${isolateLtr(l.phone)}`] : []),
      ...(l.travellers ? [`عدد المسافرين: ${l.travellers}`] : []), ...(l.travelDate ? [`تاريخ السفر: ${valuesIn('ar').day(l.travelDate)}`] : []),
      ...(l.message ? [`الرسالة: ${l.message}`] : []),
    ],
    label: 'فتح قائمة الاستفسارات',
  }),
} as const;

/** Roles that answer enquiries, from the one permission table (admin today). */
const LEAD_ROLES = (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((r) => ROLE_PERMISSIONS[r].includes('leads.manage'));

/**
 * One mail per new enquiry: to LEADS_NOTIFY_EMAIL when set (a shared inbox), otherwise to every active staff
 * member who may handle leads, each in their own language. Call it in the transaction that stores the lead.
 */
export async function mailStaffAboutLead(tx: DbOrTx, ctx: Pick<AppContext, 'config'>, lead: LeadRow) {
  const to = ctx.config.leadsNotifyEmail
    ? [{ email: ctx.config.leadsNotifyEmail, locale: 'en' }]
    : await tx.select({ email: users.email, locale: users.locale }).from(users).where(and(inArray(users.role, LEAD_ROLES), eq(users.status, 'active')));
  const url = `${ctx.config.appUrl}/admin/leads`;
  for (const r of to) {
    const locale = r.locale === 'ar' ? 'ar' : 'en';
    const t = T[locale](lead, SOURCES[locale][lead.source]);
    await enqueueMail(tx, r.email, simpleMail(locale, 'lead-new', t.subject, [...t.lines], { label: t.label, url }));
  }
}
