import { simpleMail } from '../mail/templates';
import type { BookingRow } from '../bookings/records';
import type { RefundQuoteMinor } from '../pricing';
import { docLang, valuesIn } from '../documents/values';

/** The contact's mails of a refund after the void window: asked (by them, or by our staff for them), paid back, declined (en or ar, as booked). */
/** `extrasMinor`: what comes back besides, in full, for seats and bags bought after booking. */
export function refundMail(b: BookingRow, kind: 'requested' | 'started' | 'refunded' | 'rejected', q: RefundQuoteMinor, reason?: string, extrasMinor = 0) {
  const ar = b.locale === 'ar';
  const say = valuesIn(docLang(b.locale));
  const c = b.currency;
  const m = say.money;
  const route = `${b.origin} → ${b.destination}, ${say.day(b.departureDate)}`;
  const pnr = say.ltr(b.pnr);
  const figures = ar
    ? `المدفوع ${m(q.paid, c)}، غرامة شركة الطيران ${m(q.airlinePenalty, c)}، رسوم الخدمة ${m(q.serviceCharge, c)}، المبلغ المسترد ${m(q.refund, c)}.`
    : `Paid ${m(q.paid, c)}, airline penalty ${m(q.airlinePenalty, c)}, service charge ${m(q.serviceCharge, c)}, refund ${m(q.refund, c)}.`;
  const extras = extrasMinor > 0 ? [ar
    ? `المقاعد والحقائب المشتراة بعد الحجز: يُعاد ${m(extrasMinor, c)} كاملاً.`
    : `Seats and bags bought after booking: ${m(extrasMinor, c)} comes back in full besides.`] : [];
  const lines = {
    requested: ar ? [`استلمنا طلب استرداد الحجز ${pnr}.`, figures, ...extras] : [`We received your refund request for booking ${pnr} (${route}).`, figures, ...extras],
    started: ar ? [`طلب فريقنا استرداد الحجز ${pnr} نيابةً عنك، وسيراجعه.`, figures, ...extras] : [`Our staff asked for a refund of booking ${pnr} (${route}) on your behalf and will review it.`, figures, ...extras],
    refunded: ar ? [`تمت الموافقة على استرداد الحجز ${pnr} وأُعيد المبلغ.`, figures, ...extras] : [`The refund of booking ${pnr} (${route}) was approved and paid back.`, figures, ...extras],
    rejected: ar ? [`رُفض طلب استرداد الحجز ${pnr}؛ التذكرة سارية.`, ...(reason ? [reason] : [])] : [`The refund request for booking ${pnr} was declined; the ticket stands.`, ...(reason ? [reason] : [])],
  }[kind];
  const subject = {
    requested: ar ? `طلب استرداد الحجز ${b.pnr}` : `Refund requested for booking ${b.pnr}`,
    started: ar ? `طلب استرداد الحجز ${b.pnr}` : `Refund requested for booking ${b.pnr}`,
    refunded: ar ? `تم استرداد الحجز ${b.pnr}` : `Booking ${b.pnr} refunded`,
    rejected: ar ? `رُفض طلب استرداد الحجز ${b.pnr}` : `Refund request declined for booking ${b.pnr}`,
  }[kind];
  return simpleMail(ar ? 'ar' : 'en', `booking-refund-${kind}`, subject, lines);
}
