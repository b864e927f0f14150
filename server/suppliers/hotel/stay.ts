/**
 * A stay priced: every room of the party, every night, on one room type, board and plan. Search, detail and the
 * booking's re-pricing all come through quoteStay, so the price shown is the price booked.
 */
import { addDays } from '../../../contract/flight-choices';
import { nightsBetween, type Board, type NightPrice, type RoomRequest } from '../../../contract/hotels';
import { toMoney, wholeUnits } from '../../../contract/money';
import { hotelNightMinor } from '../../pricing/hotels';
import { dayFactors, dayNumber, marketSold, netNight, nightTaxMinor, planMinor } from './rates';
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
export interface RoomNights { capacity: readonly number[]; ours: readonly number[] }
/** Nights we sold none of, shared by every room of every search of that many nights (nothing writes them). */
const NONE_SOLD: (readonly number[])[] = [];
const noneSold = (n: number) => (NONE_SOLD[n] ??= Object.freeze(new Array<number>(n).fill(0)));
export function roomNights(p: Property, room: RoomDef, dates: readonly string[], sold: ReadonlyMap<string, number>, days = dates.map(dayNumber)): RoomNights {
  return {
    capacity: days.map((n) => Math.max(0, room.allotment - marketSold(p, room, n))),
    ours: sold.size ? dates.map((date) => sold.get(nightKey({ hotel_id: p.id, room_code: room.code, date })) ?? 0) : noneSold(dates.length),
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
  const beds = stay.rooms.map(guestsInBed);
  dates.forEach((_, i) => {
    const cap = nights.capacity[i] || 1;
    const net = netNight(room, factors[i], (room.allotment - cap + nights.ours[i]) / room.allotment);
    let nightPrice = 0, nightTax = 0;
    for (const guests of beds) {
      const plan = planMinor(p, net, board, refundable, guests);
      nightPrice += hotelNightMinor(plan, pricing);
      nightTax += nightTaxMinor(p, plan);
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
  return { room, board, refundable: refundableOnly, quote: quoteStay(p, room, stay, board, refundableOnly, sold, pricing, dates, factors, nights) };
}
