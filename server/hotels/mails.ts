import type { hotelBookings } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';
import { deadlineOf } from './service';
import { bookedHotelIn } from './names';

type Row = typeof hotelBookings.$inferSelect;
/** The hotel's name in the mail's language (in Arabic the embedded supplier's own, names.ts). */
const hotelName = (r: Row, lang = 'en') => bookedHotelIn(r.hotel as { id?: string; name: string }, { name: '' }, lang).hotel.name;
const EN = valuesIn('en'), AR = valuesIn('ar');
const money = (say: typeof EN, minor: number, r: Row) => say.money(minor, r.currency);
/** Free cancellation ends at a time of the hotel's own day: said in the hotel's zone, with the time left. */
const freeUntil = (say: typeof EN, r: Row) => say.deadline(deadlineOf(r)!, r.updatedAt, (r.hotel as { time_zone?: string }).time_zone);

/** Confirmation, cancellation and late-payment refund mails, in the booking's language. */
const T = {
  confirmed: {
    en: { subject: (r: Row) => `Hotel booking ${r.reference} is confirmed`, body: (r: Row) => [`Your stay at ${hotelName(r)} from ${EN.day(r.checkIn)} to ${EN.day(r.checkOut)} (${r.nights} nights) is confirmed. Your voucher and a calendar file are attached.`, `Total paid: ${money(EN, r.totalMinor, r)}.`, r.freeCancellationUntil ? `Free cancellation ${freeUntil(EN, r)}.` : 'This rate is non-refundable.'] },
    ar: { subject: (r: Row) => `تم تأكيد حجز الفندق ${r.reference}`, body: (r: Row) => [`تم تأكيد إقامتك في ${AR.name(hotelName(r, 'ar'))} من ${AR.day(r.checkIn)} إلى ${AR.day(r.checkOut)} (${r.nights} ليالٍ). القسيمة وملف التقويم مرفقان.`, `المبلغ المدفوع: ${money(AR, r.totalMinor, r)}.`, r.freeCancellationUntil ? `الإلغاء مجاني ${freeUntil(AR, r)}.` : 'هذا السعر غير قابل للاسترداد.'] },
  },
  canceled: {
    en: { subject: (r: Row) => `Hotel booking ${r.reference} was canceled`, body: (r: Row) => [`Your stay at ${hotelName(r)} from ${EN.day(r.checkIn)} to ${EN.day(r.checkOut)} was canceled.`, `Refund: ${money(EN, r.refundMinor ?? 0, r)}.`] },
    ar: { subject: (r: Row) => `أُلغي حجز الفندق ${r.reference}`, body: (r: Row) => [`أُلغيت إقامتك في ${AR.name(hotelName(r, 'ar'))} من ${AR.day(r.checkIn)} إلى ${AR.day(r.checkOut)}.`, `المبلغ المسترد: ${money(AR, r.refundMinor ?? 0, r)}.`] },
  },
  refunded: {
    en: { subject: (r: Row) => `Your payment for hotel booking ${r.reference} was refunded`, body: (r: Row) => [`Your payment of ${money(EN, r.totalMinor, r)} arrived after the booking had expired, so the rooms were not kept.`, 'We have refunded the full amount to your card.'] },
    ar: { subject: (r: Row) => `تم رد مبلغ الدفع لحجز الفندق ${r.reference}`, body: (r: Row) => [`وصل دفعك بمبلغ ${money(AR, r.totalMinor, r)} بعد انتهاء مدة الحجز، فلم تُحجز الغرف.`, 'رددنا المبلغ كاملاً إلى بطاقتك.'] },
  },
} as const;

export function hotelMail(kind: keyof typeof T, r: Row, appUrl: string): Mail {
  const l = docLang(r.locale);
  const t = T[kind][l];
  const url = `${appUrl}/hotel/booking?reference=${encodeURIComponent(r.reference)}&email=${encodeURIComponent(r.contactEmail)}`;
  const mail = simpleMail(l, `hotel-booking-${kind}`, t.subject(r), [...t.body(r)], { label: l === 'ar' ? 'عرض الحجز' : 'View booking', url });
  // The voucher and the stay for the calendar, rendered when the mail is sent (server/documents).
  if (kind === 'confirmed') mail.attachments = [{ kind: 'hotel-voucher', id: r.id, lang: l }, { kind: 'hotel-calendar', id: r.id, lang: l }];
  return mail;
}
