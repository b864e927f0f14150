import type { visaApplications } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';

type Row = typeof visaApplications.$inferSelect;
type VisaSnapshot = { title: string; title_ar: string | null; country: string };
const title = (r: Row, l: 'en' | 'ar') => { const v = r.visa as VisaSnapshot; return (l === 'ar' && v.title_ar) || v.title; };
const EN = valuesIn('en'), AR = valuesIn('ar');

/** One mail per change the applicant cares about, in the application's language. */
const T = {
  submitted: {
    en: { subject: (r: Row) => `Visa application ${r.reference} is submitted`, body: (r: Row) => [`We have received your application for ${title(r, 'en')} (${r.travellerCount} travellers, travel on ${EN.day(r.travelDate)}).`, `Fee paid: ${EN.money(r.feeMinor, r.currency)}.`, 'We will write again as soon as our team starts reviewing it.'] },
    ar: { subject: (r: Row) => `تم تقديم طلب التأشيرة ${r.reference}`, body: (r: Row) => [`استلمنا طلبك لـ ${AR.name(title(r, 'ar'))} (عدد المسافرين ${r.travellerCount}، السفر في ${AR.day(r.travelDate)}).`, `الرسوم المدفوعة: ${AR.money(r.feeMinor, r.currency)}.`, 'سنراسلك مجددًا حين يبدأ فريقنا بمراجعته.'] },
  },
  in_review: {
    en: { subject: (r: Row) => `Visa application ${r.reference} is in review`, body: (r: Row) => [`Our team is reviewing your application for ${title(r, 'en')}.`, 'We will tell you the decision by mail.'] },
    ar: { subject: (r: Row) => `طلب التأشيرة ${r.reference} قيد المراجعة`, body: (r: Row) => [`يراجع فريقنا طلبك لـ ${title(r, 'ar')}.`, 'سنبلغك بالقرار عبر البريد.'] },
  },
  approved: {
    en: { subject: (r: Row) => `Visa application ${r.reference} is approved`, body: (r: Row) => [`Good news: your application for ${title(r, 'en')} is approved.`, `Travel date: ${EN.day(r.travelDate)}.`] },
    ar: { subject: (r: Row) => `تمت الموافقة على طلب التأشيرة ${r.reference}`, body: (r: Row) => [`أخبار سارة: تمت الموافقة على طلبك لـ ${title(r, 'ar')}.`, `تاريخ السفر: ${AR.day(r.travelDate)}.`] },
  },
  rejected: {
    en: { subject: (r: Row) => `Visa application ${r.reference} was rejected`, body: (r: Row) => [`Your application for ${title(r, 'en')} was rejected.`, `Reason: ${r.rejectionReason ?? ''}`] },
    ar: { subject: (r: Row) => `رُفض طلب التأشيرة ${r.reference}`, body: (r: Row) => [`رُفض طلبك لـ ${title(r, 'ar')}.`, `السبب: ${r.rejectionReason ?? ''}`] },
  },
  refunded: {
    en: { subject: (r: Row) => `Your payment for visa application ${r.reference} was refunded`, body: (r: Row) => [`Your payment of ${EN.money(r.feeMinor, r.currency)} arrived when the application was no longer waiting for it.`, 'We have refunded the full amount to your card.'] },
    ar: { subject: (r: Row) => `تم رد مبلغ الدفع لطلب التأشيرة ${r.reference}`, body: (r: Row) => [`وصل دفعك بمبلغ ${AR.money(r.feeMinor, r.currency)} بعد أن لم يعد الطلب بانتظاره.`, 'رددنا المبلغ كاملاً إلى بطاقتك.'] },
  },
} as const;
export type VisaMailKind = keyof typeof T;

export const visaApplicationPath = (r: Pick<Row, 'reference'>) => `/visa-application?reference=${encodeURIComponent(r.reference)}`;

export function visaMail(kind: VisaMailKind, r: Row, appUrl: string): Mail {
  const l = docLang(r.locale);
  const t = T[kind][l];
  const url = `${appUrl}${visaApplicationPath(r)}&email=${encodeURIComponent(r.contactEmail)}`;
  return simpleMail(l, `visa-application-${kind}`, t.subject(r), [...t.body(r)], { label: l === 'ar' ? 'عرض الطلب' : 'View application', url });
}
