/**
 * What a booking's documents (e-ticket, invoice, receipt) list as paid, each part on its own line, and the total
 * those lines add up to, so every document of a booking states the sum its ledger lines took: the fare as stored
 * (for a flight its base, taxes and the agent's own markup), the margin staff added to a direct booking, and the
 * charges posted to the agent for the booking (a date change's airline fee and service charge, other charges staff
 * recorded against it; a credit is a negative line). A date change's fare difference is fare: the stored fare holds it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { directBookings, ledgerEntries, ledgerTransactions, payments, type bookings, type hotelBookings } from '../db/schema';
import { CREDIT_CHARGES } from '../../contract/ledger';
import { chargesForBooking, type ChargeRow } from '../ledger/charges';
import type { DocLang } from './model';
import { words } from './strings';
import { addOnLines, flightAddOns, passengersOf, type AddOnPassenger, type FlightAddOn } from './flight-extras';

export interface PaidLine { item: string; minor: number }
/** What a booking was charged beyond its stored fare, and what has been given back of it (a void, refund or cancel). */
export interface PaidExtras {
  marginMinor: number; charges: ChargeRow[]; refundedMinor: number;
  /** A flight's seats and bags (flight-extras.ts), and its passengers' names as the lines name them. */
  addOns?: FlightAddOn[]; pax?: AddOnPassenger[];
}
export const NO_EXTRAS: PaidExtras = { marginMinor: 0, charges: [], refundedMinor: 0 };

type FlightRow = typeof bookings.$inferSelect;
type HotelRow = typeof hotelBookings.$inferSelect;

const LABELS = {
  en: {
    margin: 'Handling fee', refunded: 'Refunded', net: 'Net paid', changeFee: 'Date change: airline change fee', serviceCharge: 'Date change: service charge',
    types: { charge: 'Charge', ok_to_board: 'OK to board', re_issue: 'Re-issue', umrah: 'Umrah', visa: 'Visa', refund: 'Refund', void: 'Void' } as Record<string, string>,
  },
  ar: {
    margin: 'رسوم المعالجة', refunded: 'المبلغ المسترد', net: 'صافي المدفوع', changeFee: 'تغيير الموعد: رسوم التغيير لدى شركة الطيران', serviceCharge: 'تغيير الموعد: رسوم الخدمة',
    types: { charge: 'رسوم', ok_to_board: 'إذن الصعود', re_issue: 'إعادة إصدار', umrah: 'عمرة', visa: 'تأشيرة', refund: 'استرداد', void: 'إلغاء تذكرة' } as Record<string, string>,
  },
} as const;

/** The agent whose wallet pays for a booking (agent and staff channels), or null. */
const agentOf = (row: { channel: string; userId: number | null }) => (row.channel === 'agent' || row.channel === 'staff' ? row.userId : null);

/** What the agent's wallet was credited back under these postings (the booking's void, refund or cancel). */
async function walletCredits(db: DbOrTx, agentId: number, postings: readonly (readonly [string, string])[]): Promise<number> {
  const [row] = await db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` }).from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.agentId, agentId), sql`${ledgerEntries.amountMinor} > 0`,
      sql`(${ledgerTransactions.type}, ${ledgerTransactions.reference}) in (${sql.join(postings.map(([t, r]) => sql`(${t}, ${r})`), sql`, `)})`));
  return Number(row.s);
}

/** What was refunded to the card that paid. */
async function cardRefunds(db: DbOrTx, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await db.select({ s: sql<string>`coalesce(sum(coalesce(${payments.refundMinor}, ${payments.amountMinor})), 0)` }).from(payments)
    .where(and(where, inArray(payments.status, ['refunded'])));
  return Number(row.s);
}

export async function flightExtras(db: DbOrTx, row: FlightRow): Promise<PaidExtras> {
  const [addOns, pax] = await Promise.all([flightAddOns(db, row.id), passengersOf(db, row.id)]);
  const agent = agentOf(row);
  if (agent === null) return { ...NO_EXTRAS, addOns, pax, refundedMinor: await cardRefunds(db, eq(payments.bookingId, row.id)) };
  const [[direct], charges, refundedMinor] = await Promise.all([
    db.select({ margin: directBookings.marginMinor }).from(directBookings).where(eq(directBookings.bookingId, row.id)).limit(1),
    chargesForBooking(db, agent, row.pnr),
    walletCredits(db, agent, [['void', `void:${row.pnr}`], ['refund', `refund:${row.pnr}`]]),
  ]);
  return { marginMinor: direct?.margin ?? 0, charges, refundedMinor, addOns, pax };
}

export async function hotelExtras(db: DbOrTx, row: HotelRow): Promise<PaidExtras> {
  const agent = agentOf(row);
  if (agent === null) return { ...NO_EXTRAS, refundedMinor: await cardRefunds(db, eq(payments.hotelBookingId, row.id)) };
  const [charges, refundedMinor] = await Promise.all([chargesForBooking(db, agent, row.reference), walletCredits(db, agent, [['refund', `hotel-booking:${row.reference}`]])]);
  return { marginMinor: 0, charges, refundedMinor };
}

/** The invoice's rows after its total when some of it was given back: the refund, and what stays paid. */
export function refundRows(extras: PaidExtras, totalMinor: number, lang: DocLang, money: (minor: number) => string) {
  if (!extras.refundedMinor) return [];
  const l = LABELS[lang];
  return [{ label: l.refunded, value: money(-extras.refundedMinor) }, { label: l.net, value: money(totalMinor - extras.refundedMinor) }];
}

/** A date change is its airline fee and service charge (its fare difference is in the fare); any other charge is one line. */
function chargeLines(charges: readonly ChargeRow[], lang: DocLang): PaidLine[] {
  const l = LABELS[lang];
  return charges.flatMap((c): PaidLine[] => {
    if (c.parts) {
      return [
        ...(c.parts.change_fee ? [{ item: l.changeFee, minor: c.parts.change_fee }] : []),
        ...(c.parts.service_charge ? [{ item: l.serviceCharge, minor: c.parts.service_charge }] : []),
      ];
    }
    return [{ item: `${l.types[c.type] ?? c.type}: ${c.description}`, minor: CREDIT_CHARGES.includes(c.type) ? -c.amountMinor : c.amountMinor }];
  });
}

const withTotal = (lines: PaidLine[]) => ({ lines, totalMinor: lines.reduce((s, x) => s + x.minor, 0) });

/** A flight booking's lines; `baseLabel` names the fare's first line (the invoice puts the trip in it). */
export function flightPaidLines(row: FlightRow, extras: PaidExtras, lang: DocLang, baseLabel?: string) {
  const w = words(lang);
  return withTotal([
    { item: baseLabel ?? w.base, minor: row.baseMinor },
    { item: w.taxes, minor: row.taxesMinor },
    ...(row.agentMarkupMinor > 0 ? [{ item: w.markup, minor: row.agentMarkupMinor }] : []),
    ...(extras.marginMinor ? [{ item: LABELS[lang].margin, minor: extras.marginMinor }] : []),
    ...addOnLines(extras.addOns ?? [], extras.pax ?? [], lang),
    ...chargeLines(extras.charges, lang),
  ]);
}

/** A hotel booking's lines: the stay (its total less taxes), the taxes, then its charges. */
export function hotelPaidLines(row: HotelRow, extras: PaidExtras, lang: DocLang, stayLabel: string) {
  return withTotal([
    { item: stayLabel, minor: row.totalMinor - row.taxesMinor },
    { item: words(lang).taxes, minor: row.taxesMinor },
    ...chargeLines(extras.charges, lang),
  ]);
}
