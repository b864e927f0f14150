import { formatMinor } from '../../contract/money';
import type { hotelBookings } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';

type Row = typeof hotelBookings.$inferSelect;
const hotelName = (r: Row) => (r.hotel as { name: string }).name;

/** Confirmation, cancellation and late-payment refund mails, in the booking's language. */
const T = {
  confirmed: {
    en: { subject: (r: Row) => `Hotel booking ${r.reference} is confirmed`, body: (r: Row) => [`Your stay at ${hotelName(r)} from ${r.checkIn} to ${r.checkOut} (${r.nights} nights) is confirmed. Your voucher and a calendar file are attached.`, `Total paid: ${formatMinor(r.totalMinor, r.currency)}.`, r.freeCancellationUntil ? `Free cancellation until ${r.freeCancellationUntil.replace('T', ' ').slice(0, 16)} hotel time.` : 'This rate is non-refundable.'] },
    ar: { subject: (r: Row) => `تم تأكيد حجز الفندق ${r.reference}`, body: (r: Row) => [`تم تأكيد إقامتك في ${hotelName(r)} من ${r.checkIn} إلى ${r.checkOut} (${r.nights} ليالٍ). القسيمة وملف التقويم مرفقان.`, `المبلغ المدفوع: ${formatMinor(r.totalMinor, r.currency)}.`, r.freeCancellationUntil ? `الإلغاء مجاني حتى ${r.freeCancellationUntil.replace('T', ' ').slice(0, 16)} بتوقيت الفندق.` : 'هذا السعر غير قابل للاسترداد.'] },
  },
  canceled: {
    en: { subject: (r: Row) => `Hotel booking ${r.reference} was canceled`, body: (r: Row) => [`Your stay at ${hotelName(r)} from ${r.checkIn} to ${r.checkOut} was canceled.`, `Refund: ${formatMinor(r.refundMinor ?? 0, r.currency)}.`] },
    ar: { subject: (r: Row) => `أُلغي حجز الفندق ${r.reference}`, body: (r: Row) => [`أُلغيت إقامتك في ${hotelName(r)} من ${r.checkIn} إلى ${r.checkOut}.`, `المبلغ المسترد: ${formatMinor(r.refundMinor ?? 0, r.currency)}.`] },
  },
  refunded: {
    en: { subject: (r: Row) => `Your payment for hotel booking ${r.reference} was refunded`, body: (r: Row) => [`Your payment of ${formatMinor(r.totalMinor, r.currency)} arrived after the booking had expired, so the rooms were not kept.`, 'We have refunded the full amount to your card.'] },
    ar: { subject: (r: Row) => `تم رد مبلغ الدفع لحجز الفندق ${r.reference}`, body: (r: Row) => [`وصل دفعك بمبلغ ${formatMinor(r.totalMinor, r.currency)} بعد انتهاء مدة الحجز، فلم تُحجز الغرف.`, 'رددنا المبلغ كاملاً إلى بطاقتك.'] },
  },
} as const;

export function hotelMail(kind: keyof typeof T, r: Row, appUrl: string): Mail {
  const l = r.locale === 'ar' ? 'ar' : 'en';
  const t = T[kind][l];
  const url = `${appUrl}/hotel/booking?reference=${encodeURIComponent(r.reference)}&email=${encodeURIComponent(r.contactEmail)}`;
  const mail = simpleMail(l, `hotel-booking-${kind}`, t.subject(r), [...t.body(r)], { label: l === 'ar' ? 'عرض الحجز' : 'View booking', url });
  // The voucher and the stay for the calendar, rendered when the mail is sent (server/documents).
  if (kind === 'confirmed') mail.attachments = [{ kind: 'hotel-voucher', id: r.id, lang: l }, { kind: 'hotel-calendar', id: r.id, lang: l }];
  return mail;
}
