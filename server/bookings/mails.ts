/**
 * Flight booking mails, in the booking's language: every journey and segment (flight times as the airport's clock
 * says them), every passenger (with the ticket number once issued), money and the hold's deadline as every place
 * writes them (contract/format). The ticket mail carries the e-ticket PDF and a calendar file, rendered when the
 * mail is sent (see server/documents).
 */
import { asc, eq } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import type { DbOrTx } from '../db/client';
import { agentCharges, bookingPassengers, bookings } from '../db/schema';
import type { ChargeRow } from '../ledger/charges';
import { simpleMail, type Mail } from '../mail/templates';
import { registerMailRefresh } from '../mail/refresh';
import { passengerName, type PassengerRow } from '../documents/flight-ticket';
import type { DocLang } from '../documents/model';
import { docLang, valuesIn } from '../documents/values';
import { words } from '../documents/strings';
import { placeName } from '../reference';

type Row = typeof bookings.$inferSelect;
type Kind = 'held' | 'ticketed' | 'reissued' | 'refunded' | 'canceled';

const T = {
  held: {
    en: { subject: (p: string) => `Booking ${p} is on hold`, lead: (r: Row, until: string) => [`Your booking ${r.pnr} is reserved.`, `Pay ${money(r, 'en')} ${until}, or the seats are released.`] },
    ar: { subject: (p: string) => `الحجز ${p} محجوز مؤقتاً`, lead: (r: Row, until: string) => [`حجزك ${ltr(r.pnr)} محجوز.`, `ادفع ${money(r, 'ar')} ${until}، وإلا أُلغيت المقاعد.`] },
  },
  ticketed: {
    en: { subject: (p: string) => `E-ticket issued for booking ${p}`, lead: (r: Row) => [`Your booking ${r.pnr} is confirmed and ticketed. Your e-ticket and a calendar file are attached.`, `Total paid: ${money(r, 'en')}.`] },
    ar: { subject: (p: string) => `تم إصدار التذكرة الإلكترونية للحجز ${p}`, lead: (r: Row) => [`تم تأكيد حجزك ${ltr(r.pnr)} وإصدار التذاكر. التذكرة الإلكترونية وملف التقويم مرفقان.`, `المبلغ المدفوع: ${money(r, 'ar')}.`] },
  },
  reissued: {
    en: { subject: (p: string) => `New e-ticket for booking ${p} (date changed)`, lead: (r: Row) => [`The date of your booking ${r.pnr} is changed: you now fly on ${valuesIn('en').day(r.departureDate)}. Your new e-ticket and a calendar file are attached; the previous ticket is no longer valid.`] },
    ar: { subject: (p: string) => `تذكرة إلكترونية جديدة للحجز ${p} (تغيّر الموعد)`, lead: (r: Row) => [`تغيّر موعد حجزك ${ltr(r.pnr)}: موعد سفرك الآن ${valuesIn('ar').day(r.departureDate)}. التذكرة الإلكترونية الجديدة وملف التقويم مرفقان؛ ولم تعد التذكرة السابقة صالحة.`] },
  },
  refunded: {
    en: { subject: (p: string) => `Your payment for booking ${p} was refunded`, lead: (r: Row) => [`Your payment of ${money(r, 'en')} for booking ${r.pnr} arrived after the seats' hold had expired, so no ticket was issued.`, 'We have refunded the full amount to your card. Banks usually show it within a few working days.'] },
    ar: { subject: (p: string) => `تم رد مبلغ الدفع للحجز ${p}`, lead: (r: Row) => [`وصل دفعك بمبلغ ${money(r, 'ar')} للحجز ${ltr(r.pnr)} بعد انتهاء مدة حجز المقاعد، فلم تُصدر تذكرة.`, 'رددنا المبلغ كاملاً إلى بطاقتك، ويظهر عادةً خلال أيام عمل قليلة.'] },
  },
  canceled: {
    en: { subject: (p: string) => `Booking ${p} was canceled`, lead: (r: Row) => [`Your booking ${r.pnr} was canceled and its seats released.`] },
    ar: { subject: (p: string) => `أُلغي الحجز ${p}`, lead: (r: Row) => [`أُلغي حجزك ${ltr(r.pnr)} وأُطلقت مقاعده.`] },
  },
} as const;

const money = (r: Row, l: DocLang) => valuesIn(l).money(r.totalMinor, r.currency);
const ltr = valuesIn('ar').ltr;

/** What a mail says of a passenger. */
export type MailPassenger = Pick<PassengerRow, 'type' | 'title' | 'firstName' | 'lastName' | 'ticketNumber'>;

/** Every leg and every passenger, one line each. */
function tripLines(r: Row, pax: readonly MailPassenger[], l: DocLang): string[] {
  const w = words(l);
  const say = valuesIn(l);
  const offer = r.itinerary as FlightOfferDetail;
  const legs = offer.journeys.flatMap((j, n) => [
    w.journey(n + 1, placeName(j.origin, j.origin, l), placeName(j.destination, j.destination, l)),
    ...j.segments.map((s) => `${say.flight(s.airline.code, s.flight_number)}: ${placeName(s.origin.code, s.origin.city, l)} (${say.ltr(s.origin.code)}) ${say.local(s.departure_at)} - ${placeName(s.destination.code, s.destination.city, l)} (${say.ltr(s.destination.code)}) ${say.local(s.arriving_at)}`),
  ]);
  const people = pax.map((p) => `${say.name(passengerName(l, p))} (${w.paxType[p.type] ?? p.type})${p.ticketNumber ? ` - ${w.ticket}: ${say.ltr(p.ticketNumber)}` : ''}`);
  return [...legs, `${w.passengers}:`, ...people];
}

/** A date change's charge, which its mail states: what was paid for the change, part by part. */
type ChangeCharge = Pick<ChargeRow, 'id' | 'amountMinor' | 'currency' | 'parts'>;
function changeLine(c: ChangeCharge, l: DocLang): string {
  const say = valuesIn(l);
  const m = (minor: number) => say.money(minor, c.currency);
  const p = c.parts ?? { fare_difference: 0, change_fee: 0, service_charge: 0 };
  return l === 'ar'
    ? `المبلغ المدفوع لهذا التغيير: ${m(c.amountMinor)} (فرق السعر ${m(p.fare_difference)}، رسوم التغيير لدى شركة الطيران ${m(p.change_fee)}، رسوم الخدمة ${m(p.service_charge)}).`
    : `Paid for this change: ${m(c.amountMinor)} (fare difference ${m(p.fare_difference)}, airline change fee ${m(p.change_fee)}, service charge ${m(p.service_charge)}).`;
}

/** The mail for this event; read inside the transaction that causes it (passengers with their tickets so far). */
/** `passengers`, when the caller is writing them (in position order), saves reading them back; `change`: a date change's charge. */
export async function bookingMail(tx: DbOrTx, locale: string, kind: Kind, r: Row, appUrl: string, passengers?: readonly MailPassenger[], change?: ChangeCharge | null): Promise<Mail> {
  const l = docLang(locale);
  const t = T[kind][l];
  const pax = passengers ?? await tx.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, r.id)).orderBy(asc(bookingPassengers.position));
  // The hold's deadline in the rule's zone, with the time left when the mail is written (the row's last change).
  const until = r.holdExpiresAt ? valuesIn(l).deadline(r.holdExpiresAt, r.updatedAt) : '';
  const url = `${appUrl}/booking?pnr=${encodeURIComponent(r.pnr)}&email=${encodeURIComponent(r.contactEmail)}`;
  const lines = [...t.lead(r, until), ...(change ? [changeLine(change, l)] : []), ...(kind === 'refunded' ? [] : tripLines(r, pax, l))];
  const mail = simpleMail(l, `booking-${kind}`, t.subject(r.pnr), lines, { label: l === 'ar' ? 'عرض الحجز' : 'View booking', url });
  if (kind === 'ticketed' || kind === 'reissued') {
    mail.attachments = [{ kind: 'e-ticket', id: r.id, lang: l }, { kind: 'flight-calendar', id: r.id, lang: l }];
    // Queued with the change that tickets, before the airline answers with the numbers: written again when sent.
    mail.refresh = { kind: `booking-${kind}`, id: r.id, lang: l, totalMinor: r.totalMinor, ...(change ? { chargeId: change.id } : {}) };
  }
  return mail;
}

registerMailRefresh('booking-ticketed', async (ctx, ref) => {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, ref.id)).limit(1);
  return row ? bookingMail(ctx.db, ref.lang, 'ticketed', { ...row, totalMinor: ref.totalMinor ?? row.totalMinor }, ctx.config.appUrl) : null;
});

registerMailRefresh('booking-reissued', async (ctx, ref) => {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, ref.id)).limit(1);
  const [change] = ref.chargeId ? await ctx.db.select().from(agentCharges).where(eq(agentCharges.id, ref.chargeId)).limit(1) : [];
  return row ? bookingMail(ctx.db, ref.lang, 'reissued', row, ctx.config.appUrl, undefined, change ?? null) : null;
});
