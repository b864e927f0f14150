import type { insurancePolicies } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';

type Row = typeof insurancePolicies.$inferSelect;
type Plan = { name: string; name_ar: string | null };
const planName = (r: Row, ar: boolean) => { const p = r.plan as Plan; return ar && p.name_ar ? p.name_ar : p.name; };
const EN = valuesIn('en'), AR = valuesIn('ar');
const count = (r: Row) => (r.travellers as unknown[]).length;

/** The issued policy and the late-payment refund, in the policy's language. */
const T = {
  issued: {
    en: { subject: (r: Row) => `Your travel insurance policy ${r.policyNumber} is issued`, body: (r: Row) => [`Policy ${r.policyNumber}: ${planName(r, false)}, from ${EN.day(r.startDate)} to ${EN.day(r.endDate)} (${r.days} days), ${count(r)} traveller(s).`, `Total paid: ${EN.money(r.totalMinor, r.currency)}.`, 'Keep the policy number with you while you travel.'] },
    ar: { subject: (r: Row) => `تم إصدار وثيقة تأمين السفر ${r.policyNumber}`, body: (r: Row) => [`الوثيقة ${AR.ltr(r.policyNumber)}: ${AR.name(planName(r, true))}، من ${AR.day(r.startDate)} إلى ${AR.day(r.endDate)} (${r.days} يومًا)، عدد المسافرين ${count(r)}.`, `المبلغ المدفوع: ${AR.money(r.totalMinor, r.currency)}.`, 'احتفظ برقم الوثيقة معك أثناء السفر.'] },
  },
  refunded: {
    en: { subject: (r: Row) => `Your payment for insurance policy ${r.policyNumber} was refunded`, body: (r: Row) => [`Your payment of ${EN.money(r.totalMinor, r.currency)} arrived after the time to pay had run out, so the policy was not issued.`, 'We have refunded the full amount to your card.'] },
    ar: { subject: (r: Row) => `تم رد مبلغ الدفع لوثيقة التأمين ${r.policyNumber}`, body: (r: Row) => [`وصل دفعك بمبلغ ${AR.money(r.totalMinor, r.currency)} بعد انتهاء مهلة الدفع، فلم تُصدر الوثيقة.`, 'رددنا المبلغ كاملاً إلى بطاقتك.'] },
  },
} as const;

export function policyMail(kind: keyof typeof T, r: Row, appUrl: string): Mail {
  const l = docLang(r.locale);
  const t = T[kind][l];
  const url = `${appUrl}/insurance/policy?ref=${encodeURIComponent(r.policyNumber)}&email=${encodeURIComponent(r.contactEmail)}`;
  const mail = simpleMail(l, `insurance-policy-${kind}`, t.subject(r), [...t.body(r)], { label: l === 'ar' ? 'عرض الوثيقة' : 'View policy', url });
  // The issued policy's PDF goes with its mail, rendered when the mail is sent.
  if (kind === 'issued') mail.attachments = [{ kind: 'insurance-policy', id: r.id, lang: l }];
  return mail;
}
