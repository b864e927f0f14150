import { formatMinor } from '../../contract/money';
import type { bookings } from '../db/schema';
import { simpleMail, type Mail } from '../mail/templates';

type Row = typeof bookings.$inferSelect;

const T = {
  held: {
    en: { subject: (p: string) => `Booking ${p} is on hold`, body: (r: Row, until: string) => [`Your booking ${r.pnr} (${r.origin} → ${r.destination}, ${r.departureDate}) is reserved.`, `Pay before ${until} UTC or the seats are released.`] },
    ar: { subject: (p: string) => `الحجز ${p} محجوز مؤقتاً`, body: (r: Row, until: string) => [`حجزك ${r.pnr} (${r.origin} ← ${r.destination}، ${r.departureDate}) محجوز.`, `ادفع قبل ${until} بالتوقيت العالمي وإلا أُلغيت المقاعد.`] },
  },
  ticketed: {
    en: { subject: (p: string) => `E-ticket issued for booking ${p}`, body: (r: Row) => [`Your booking ${r.pnr} (${r.origin} → ${r.destination}, ${r.departureDate}) is confirmed and ticketed.`, `Total paid: ${fmt(r)}.`] },
    ar: { subject: (p: string) => `تم إصدار التذكرة الإلكترونية للحجز ${p}`, body: (r: Row) => [`تم تأكيد حجزك ${r.pnr} (${r.origin} ← ${r.destination}، ${r.departureDate}) وإصدار التذاكر.`, `المبلغ المدفوع: ${fmt(r)}.`] },
  },
  refunded: {
    en: { subject: (p: string) => `Your payment for booking ${p} was refunded`, body: (r: Row) => [`Your payment of ${fmt(r)} for booking ${r.pnr} (${r.origin} → ${r.destination}, ${r.departureDate}) arrived after the seats' hold had expired, so no ticket was issued.`, 'We have refunded the full amount to your card. Banks usually show it within a few working days.'] },
    ar: { subject: (p: string) => `تم رد مبلغ الدفع للحجز ${p}`, body: (r: Row) => [`وصل دفعك بمبلغ ${fmt(r)} للحجز ${r.pnr} (${r.origin} ← ${r.destination}، ${r.departureDate}) بعد انتهاء مدة حجز المقاعد، فلم تُصدر تذكرة.`, 'رددنا المبلغ كاملاً إلى بطاقتك، ويظهر عادةً خلال أيام عمل قليلة.'] },
  },
  canceled: {
    en: { subject: (p: string) => `Booking ${p} was canceled`, body: (r: Row) => [`Your booking ${r.pnr} (${r.origin} → ${r.destination}, ${r.departureDate}) was canceled and its seats released.`] },
    ar: { subject: (p: string) => `أُلغي الحجز ${p}`, body: (r: Row) => [`أُلغي حجزك ${r.pnr} (${r.origin} ← ${r.destination}، ${r.departureDate}) وأُطلقت مقاعده.`] },
  },
} as const;

/** As the back office writes money: grouped, two decimals, Latin digits in both languages ("PKR 234,322.62"). */
const fmt = (r: Row) => formatMinor(r.totalMinor, r.currency);

export function bookingMail(locale: string, kind: keyof typeof T, r: Row, appUrl: string): Mail {
  const l = locale === 'ar' ? 'ar' : 'en';
  const t = T[kind][l];
  const until = r.holdExpiresAt ? r.holdExpiresAt.toISOString().slice(0, 16).replace('T', ' ') : '';
  const url = `${appUrl}/booking?pnr=${encodeURIComponent(r.pnr)}&email=${encodeURIComponent(r.contactEmail)}`;
  return simpleMail(l, `booking-${kind}`, t.subject(r.pnr), t.body(r, until), { label: l === 'ar' ? 'عرض الحجز' : 'View booking', url });
}
