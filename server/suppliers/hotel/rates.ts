/**
 * Nightly prices and rate plans, pure functions of the property, the room, the date and the pricing context.
 *
 * A room night's supplier net = the room's base × season × weekday × demand (a deterministic daily wobble, and
 * a surge once most of the allotment is sold). Board adds a per-guest supplement; the refundable plan costs
 * REFUNDABLE_PREMIUM more than the non-refundable one. Margins (server/pricing) go on the net; taxes and the
 * city fee are taken on the net and never marked up.
 */
import type { Board } from '../../../contract/hotels';
import { hashInts, unit } from '../flight/prng';
import type { Property, RoomDef } from './types';

export const REFUNDABLE_PREMIUM = 0.12;
/** Per guest per night, as a share of a double room's base. */
const BOARD_SUPPLEMENT: Record<Board, number> = { RO: 0, BB: 0.08, HB: 0.2, FB: 0.32 };
const ISLAMIC_MONTH = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { month: 'numeric', timeZone: 'UTC' });

/** What prices need of a date, worked out once per date (Intl and Date parsing are slow per call). */
interface Day { n: number; dow: number; month: number; islamicMonth: number }
const days = new Map<string, Day>();
function day(date: string): Day {
  let d = days.get(date);
  if (!d) {
    const at = new Date(`${date}T12:00:00Z`);
    d = { n: Math.floor(at.getTime() / 86_400_000), dow: at.getUTCDay(), month: at.getUTCMonth() + 1, islamicMonth: Number.parseInt(ISLAMIC_MONTH.format(at), 10) };
    if (days.size > 4000) days.clear();
    days.set(date, d);
  }
  return d;
}

const WEEKEND_THU_FRI = new Set(['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'JO']);

function seasonFactor(p: Property, d: Day): number {
  if (p.distance_haram_m !== null) {
    const m = d.islamicMonth;
    return m === 9 ? 1.9 : m === 12 ? 2.2 : m === 10 || m === 11 ? 1.15 : 1;
  }
  const month = d.month;
  const north = p.city.lat >= 0;
  const summer = north ? month >= 6 && month <= 8 : month === 12 || month <= 2;
  const hot = p.city.lat < 30 && p.city.lat > -30 && ['AE', 'QA', 'SA', 'KW', 'BH', 'OM'].includes(p.city.country);
  if (hot) return summer ? 0.8 : month === 12 || month <= 3 ? 1.2 : 1; // the Gulf's season is its winter
  return summer ? 1.25 : month === 12 ? 1.15 : 1;
}

function weekdayFactor(p: Property, d: Day): number {
  if (p.distance_haram_m !== null) return 1;
  const dow = d.dow;
  const weekend = WEEKEND_THU_FRI.has(p.city.country) ? dow === 4 || dow === 5 : dow === 5 || dow === 6;
  return weekend ? 1.12 : 1;
}


/** The date's day number (days since 1970), what the market's sales of a night are drawn from. */
export const dayNumber = (date: string) => day(date).n;

/** The share of a room night the market sells itself (not through us): some nights sell out. `n`: the date's dayNumber. */
export function marketSold(p: Property, room: RoomDef, n: number): number {
  const u = unit(hashInts(p.seed, room.seed, n));
  // Now and then a night sells out (1 in 100): a month-long stay still finds most hotels.
  return u < 0.01 ? room.allotment : Math.floor(u * u * room.allotment * 0.5);
}

/** What moves every room of a hotel alike on a date: season × weekday × the day's wobble. Worked out once per hotel and stay. */
export const dayFactors = (p: Property, dates: readonly string[]) => dates.map((date) => {
  const d = day(date);
  return seasonFactor(p, d) * weekdayFactor(p, d) * (0.9 + 0.2 * unit(hashInts(p.seed, d.n)));
});

/** The demand surge on a room night once most of it is sold: the most one room's net can rise above another's alike. */
export const SURGE = 1.15;

/** Supplier net of one room night, minor units, with the demand surge when `soldShare` of it is gone. */
export function netNight(room: RoomDef, dayFactor: number, soldShare: number): number {
  const surge = soldShare >= 0.7 ? SURGE : 1;
  return Math.round((room.base_minor * dayFactor * surge) / 100) * 100;
}

/**
 * One room night for one party of `guests` on a board and plan, the supplier's net of it (`planMinor`) and its tax
 * (`nightTaxMinor`); what the asker pays before tax is the pricing module's hotelNightMinor of the net. Numbers, not an object per
 * night: search works out tens of thousands of them.
 */
export function planMinor(p: Property, net: number, board: Board, refundable: boolean, guests: number): number {
  // Whole rupees at every step, like every price (contract/money.ts wholeUnits).
  const withBoard = net + Math.round((p.double_base_minor * BOARD_SUPPLEMENT[board]) / 100) * 100 * guests;
  return refundable ? Math.round((withBoard * (1 + REFUNDABLE_PREMIUM)) / 100) * 100 : withBoard;
}
export const nightTaxMinor = (p: Property, plan: number) => Math.round((plan * p.tax_bp) / 1_000_000) * 100 + p.city_fee_minor;

/** The free-cancellation deadline: `refundable_days` before check-in, at the hotel's check-in time, local. */
export function freeCancellationUntil(p: Property, checkIn: string): string {
  const d = new Date(Date.parse(`${checkIn}T00:00:00Z`) - p.refundable_days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${p.check_in_time}:00`;
}

/** What cancelling after the deadline keeps: the first night of every room (with its tax). */
export function penaltyMinor(firstNightTotal: number, total: number, refundable: boolean): number {
  return refundable ? Math.min(total, firstNightTotal) : total;
}
