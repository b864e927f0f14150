/**
 * A flight booking's seats and bags on its documents: the e-ticket's table of each passenger's seat and bags per
 * flight, and a paid line per priced extra on the invoice, receipt and e-ticket totals. Extras chosen with the
 * booking are in its stored total, so they are always lines; extras bought later are lines once paid.
 */
import { asc, eq } from 'drizzle-orm';
import { titleText } from '../../contract/titles';
import type { DbOrTx } from '../db/client';
import { bookingPassengers } from '../db/schema';
import { activeExtras } from '../flight-extras/store';
import type { DocBlock, DocLang } from './model';
import { valuesIn } from './values';

export type FlightAddOn = Awaited<ReturnType<typeof activeExtras>>[number];

const WORDS = {
  en: {
    title: 'Seats and bags', passenger: 'Passenger', flight: 'Flight', seat: 'Seat', bags: 'Checked bags', none: '—',
    seatLine: (designator: string, flight: string, name: string) => `Seat ${designator} · ${flight} · ${name}`,
    bag: (quantity: number, kg: number) => `${quantity} × ${kg} kg`,
    bagLine: (bag: string, flight: string, name: string) => `Checked bag ${bag} · ${flight} · ${name}`,
  },
  ar: {
    title: 'المقاعد والحقائب', passenger: 'المسافر', flight: 'الرحلة', seat: 'المقعد', bags: 'الحقائب المسجلة', none: '—',
    seatLine: (designator: string, flight: string, name: string) => `مقعد ${designator} · ${flight} · ${name}`,
    bag: (quantity: number, kg: number) => `${quantity} × ${kg} كغ`,
    bagLine: (bag: string, flight: string, name: string) => `حقيبة مسجلة ${bag} · ${flight} · ${name}`,
  },
} as const;

export const flightAddOns = (db: DbOrTx, bookingId: number) => activeExtras(db, bookingId);

export interface AddOnPassenger { title: string; firstName: string; lastName: string }
export const passengersOf = (db: DbOrTx, bookingId: number): Promise<AddOnPassenger[]> => db
  .select({ title: bookingPassengers.title, firstName: bookingPassengers.firstName, lastName: bookingPassengers.lastName })
  .from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
const nameOf = (lang: DocLang, p: AddOnPassenger | undefined) => (p ? valuesIn(lang).name(`${titleText(p.title, lang)} ${p.firstName} ${p.lastName}`) : '');

/** Paid for: chosen with the booking (in its total), or bought later and paid. Free extras are no line. */
const charged = (a: FlightAddOn) => a.priceMinor > 0 && (a.paidWith === 'booking' || a.status === 'confirmed');

/** A paid line as paid-lines.ts lists them. */
export function addOnLines(addOns: readonly FlightAddOn[], pax: readonly AddOnPassenger[], lang: DocLang): { item: string; minor: number }[] {
  const w = WORDS[lang];
  const say = valuesIn(lang);
  return addOns.filter(charged).map((a) => {
    const name = nameOf(lang, pax[a.passenger]);
    const flight = say.ltr(a.flightNo);
    return { item: a.kind === 'seat' ? w.seatLine(say.ltr(a.designator!), flight, name) : w.bagLine(say.ltr(w.bag(a.quantity, a.weightKg!)), flight, name), minor: a.priceMinor };
  });
}

/** Each passenger's seat and bags per flight, in booking order; none when nothing was chosen. */
export function seatsAndBagsBlock(addOns: readonly FlightAddOn[], pax: readonly AddOnPassenger[], lang: DocLang): DocBlock[] {
  if (addOns.length === 0) return [];
  const w = WORDS[lang];
  const say = valuesIn(lang);
  const rows = new Map<string, { passenger: number; flightNo: string; seat: string | null; bags: string[] }>();
  for (const a of addOns) {
    const key = `${a.passenger}|${a.flightNo}|${a.date}`;
    const row = rows.get(key) ?? { passenger: a.passenger, flightNo: a.flightNo, seat: null, bags: [] };
    if (a.kind === 'seat') row.seat = a.designator;
    else row.bags.push(w.bag(a.quantity, a.weightKg!));
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort((x, y) => x.passenger - y.passenger);
  return [{
    kind: 'table', title: w.title, columns: [w.passenger, w.flight, w.seat, w.bags], widths: [2.4, 1.1, 0.9, 1.6],
    rows: sorted.map((r) => [nameOf(lang, pax[r.passenger]), say.ltr(r.flightNo), r.seat ? say.ltr(r.seat) : w.none, r.bags.length ? say.ltr(r.bags.join(', ')) : w.none]),
  }];
}
