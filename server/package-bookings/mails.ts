import type { packageBookings } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';

type Row = typeof packageBookings.$inferSelect;
type Pkg = { title: string; title_ar: string | null };
const title = (r: Row, l: 'en' | 'ar') => (l === 'ar' && (r.package as Pkg).title_ar) || (r.package as Pkg).title;
const EN = valuesIn('en'), AR = valuesIn('ar');
const SHARING_AR: Record<string, string> = { quad: 'رباعية', triple: 'ثلاثية', double: 'ثنائية', standard: 'قياسية' };

/** Paid, confirmed, canceled and late-payment refund mails, in the language the booking was made in. */
const T = {
  paid: {
    en: { subject: (r: Row) => `Package booking ${r.reference} is paid`, body: (r: Row) => [`We have received ${EN.money(r.totalMinor, r.currency)} for ${title(r, 'en')}, departing ${EN.day(r.departureDate)} (${r.seats} × ${r.sharing} sharing).`, 'Our team will confirm your places shortly; we will write to you again then.'] },
    ar: { subject: (r: Row) => `تم دفع حجز الباقة ${r.reference}`, body: (r: Row) => [`استلمنا ${AR.money(r.totalMinor, r.currency)} مقابل ${AR.name(title(r, 'ar'))}، المغادرة ${AR.day(r.departureDate)} (${r.seats} × غرفة ${SHARING_AR[r.sharing]}).`, 'سيؤكد فريقنا أماكنكم قريباً، وسنراسلكم حينها.'] },
  },
  confirmed: {
    en: { subject: (r: Row) => `Package booking ${r.reference} is confirmed`, body: (r: Row) => [`Your places on ${title(r, 'en')} from ${EN.day(r.departureDate)} to ${EN.day(r.returnDate)} are confirmed.`, `Travellers: ${r.seats}. Total paid: ${EN.money(r.totalMinor, r.currency)}.`] },
    ar: { subject: (r: Row) => `تم تأكيد حجز الباقة ${r.reference}`, body: (r: Row) => [`تم تأكيد أماكنكم في ${AR.name(title(r, 'ar'))} من ${AR.day(r.departureDate)} إلى ${AR.day(r.returnDate)}.`, `عدد المسافرين: ${r.seats}. المبلغ المدفوع: ${AR.money(r.totalMinor, r.currency)}.`] },
  },
  canceled: {
    en: { subject: (r: Row) => `Package booking ${r.reference} was canceled`, body: (r: Row) => [`Your booking of ${title(r, 'en')} departing ${EN.day(r.departureDate)} was canceled.`, `Refund: ${EN.money(r.refundMinor ?? 0, r.currency)}.`] },
    ar: { subject: (r: Row) => `أُلغي حجز الباقة ${r.reference}`, body: (r: Row) => [`أُلغي حجزكم في ${AR.name(title(r, 'ar'))} المغادرة ${AR.day(r.departureDate)}.`, `المبلغ المسترد: ${AR.money(r.refundMinor ?? 0, r.currency)}.`] },
  },
  refunded: {
    en: { subject: (r: Row) => `Your payment for package booking ${r.reference} was refunded`, body: (r: Row) => [`Your payment of ${EN.money(r.totalMinor, r.currency)} arrived after the booking had expired, so the places were not kept.`, 'We have refunded the full amount to your card.'] },
    ar: { subject: (r: Row) => `تم رد مبلغ الدفع لحجز الباقة ${r.reference}`, body: (r: Row) => [`وصل دفعكم بمبلغ ${AR.money(r.totalMinor, r.currency)} بعد انتهاء مدة الحجز، فلم تُحجز الأماكن.`, 'رددنا المبلغ كاملاً إلى بطاقتكم.'] },
  },
} as const;

export function packageMail(kind: keyof typeof T, r: Row, appUrl: string): Mail {
  const l = docLang(r.locale);
  const t = T[kind][l];
  const url = `${appUrl}/package-booking?reference=${encodeURIComponent(r.reference)}&email=${encodeURIComponent(r.contactEmail)}`;
  return simpleMail(l, `package-booking-${kind}`, t.subject(r), [...t.body(r)], { label: l === 'ar' ? 'عرض الحجز' : 'View booking', url });
}
