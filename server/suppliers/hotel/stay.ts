/**
 * A stay priced: every room of the party, every night, on one room type, board and plan. Search, detail and the
 * booking's re-pricing all come through quoteStay, so the price shown is the price booked.
 */
import { addDays } from '../../../contract/flight-choices';
import { nightsBetween, type Board, type NightPrice, type RoomRequest } from '../../../contract/hotels';
import { toMoney, wholeUnits } from '../../../contract/money';
import { dayFactors, dayNumber, marketSold, netNight, quoteNight } from './rates';
import { nightKey, type PricingContext, type Property, type RoomDef, type RoomNightKey } from './types';

export const CURRENCY = 'PKR';
/** A child under two sleeps in a cot and takes no bed. */
export const guestsInBed = (r: RoomRequest) => r.adults + r.children_ages.filter((a) => a >= 2).length;
export const fits = (room: RoomDef, party: readonly RoomRequest[]) => party.every((r) => r.adults <= room.max_adults && guestsInBed(r) <= room.max_guests);

export interface Stay { check_in: string; check_out: string; rooms: RoomRequest[] }
export const stayDates = (s: Pick<Stay, 'check_in' | 'check_out'>) => Array.from({ length: nightsBetween(s.check_in, s.check_out) }, (_, i) => addDays(s.check_in, i));

/** Room nights the hotel may still sell through us on each date: its allotment less the market's and our sales. */
export function capacityOf(p: Property, room: RoomDef, date: string): number {
  return Math.max(0, room.allotment - marketSold(p, room, dayNumber(date)));
}

/**
 * A room's nights of a stay: what the hotel may sell through us on each (capacityOf) and what we sold. Worked out
 * once per room and stay: search asks both whether rooms are left and what they cost.
 */
export interface RoomNights { capacity: number[]; ours: number[] }
export function roomNights(p: Property, room: RoomDef, dates: readonly string[], sold: ReadonlyMap<string, number>, days = dates.map(dayNumber)): RoomNights {
  return {
    capacity: days.map((n) => Math.max(0, room.allotment - marketSold(p, room, n))),
    ours: sold.size ? dates.map((date) => sold.get(nightKey({ hotel_id: p.id, room_code: room.code, date })) ?? 0) : dates.map(() => 0),
  };
}

export function roomsLeft(p: Property, room: RoomDef, dates: readonly string[], sold: ReadonlyMap<string, number>, nights = roomNights(p, room, dates, sold)): number {
  let left = Infinity;
  for (let i = 0; i < dates.length; i++) left = Math.min(left, nights.capacity[i] - nights.ours[i]);
  return Math.max(0, left === Infinity ? 0 : left);
}

export interface StayQuote { dates: string[]; nightly_minor: number[]; taxes_minor: number; total_minor: number; first_night_minor: number; keys: RoomNightKey[] }

export function quoteStay(p: Property, room: RoomDef, stay: Stay, board: Board, refundable: boolean, sold: ReadonlyMap<string, number>, pricing: PricingContext,
  dates = stayDates(stay), factors = dayFactors(p, dates), nights = roomNights(p, room, dates, sold)): StayQuote {
  const nightly_minor: number[] = [];
  let taxes = 0, total = 0, first = 0;
  dates.forEach((_, i) => {
    const cap = nights.capacity[i] || 1;
    const net = netNight(room, factors[i], (room.allotment - cap + nights.ours[i]) / room.allotment);
    let nightPrice = 0, nightTax = 0;
    for (const party of stay.rooms) {
      const q = quoteNight(p, room, net, board, refundable, guestsInBed(party), pricing);
      nightPrice += q.price;
      nightTax += q.tax;
    }
    // Per room, in whole rupees like every price shown (the total is the sum of the rooms' own whole prices).
    nightly_minor.push(wholeUnits(nightPrice / stay.rooms.length));
    taxes += nightTax;
    total += nightPrice + nightTax;
    if (i === 0) first = nightPrice + nightTax;
  });
  return {
    dates, nightly_minor,
    taxes_minor: taxes, total_minor: total, first_night_minor: first,
    keys: dates.map((date) => ({ hotel_id: p.id, room_code: room.code, date })),
  };
}

/** Per room per night as the API shows it (built only for a detail or a booking, never for search). */
export const nightlyOf = (q: StayQuote): NightPrice[] => q.dates.map((date, i) => ({ date, price: toMoney(q.nightly_minor[i], CURRENCY) }));

/** The cheapest total of a stay in a room over the boards and plans allowed, or null when none is. */
export function cheapestIn(p: Property, room: RoomDef, stay: Stay, boards: readonly Board[], refundableOnly: boolean, sold: ReadonlyMap<string, number>, pricing: PricingContext,
  dates: string[], factors: number[], nights: RoomNights) {
  // Supplements only add and the refundable plan only costs more, so the first allowed board, non-refundable, is cheapest.
  const board = p.boards.find((b) => boards.includes(b));
  if (!board) return null;
  return { board, refundable: refundableOnly, quote: quoteStay(p, room, stay, board, refundableOnly, sold, pricing, dates, factors, nights) };
}
