/**
 * The embedded hotel supplier: synthesised properties in real cities, priced per night, with room nights that
 * bookings consume through the RoomInventoryStore. Pure apart from that store's reads: never touches the
 * database itself, and every price is a function of the property, the date, the sold counts and the margins.
 */
import { BOARDS, type HotelDetail, type HotelRate, type HotelSearchQuery, type HotelSummary } from '../../../contract/hotels';
import { formatNumber } from '../../../contract/format/number';
import { parseMinor, toMoney, wholeUnits } from '../../../contract/money';
import { destinationOf, resolveDestination, suggestDestinations } from './destinations';
import { cityProperties, propertyById } from './properties';
import { decodeRate, encodeRate, partyKey } from './rate-id';
import { dayFactors, dayNumber, freeCancellationUntil, penaltyMinor, SURGE } from './rates';
import { capacityOf, cheapestIn, CURRENCY, fits, nightlyOf, quoteStay, roomNights, roomsLeft, stayDates, type Stay } from './stay';
import { RATE_TTL_MS, type HotelSupplier, type PricedRate, type Property, type RoomInventoryStore, type RoomNightKey, type SearchContext, type SearchResult } from './types';
import { filterAndSort, type Found } from './filters';
import { cityAr, describeAr } from './arabic';

const photo = (name: string) => `/api/hotel-images/${name}.svg`;

export class EmbeddedHotelSupplier implements HotelSupplier {
  readonly code = 'embedded';
  constructor(private readonly inventory: RoomInventoryStore) {}

  destinations(q: string, limit = 10) { return suggestDestinations(q, limit); }
  isDestination(id: string) { return resolveDestination(id) !== null; }
  property(id: string) { return propertyById(id); }
  capacity(k: RoomNightKey): number {
    const p = propertyById(k.hotel_id);
    const room = p?.rooms.find((r) => r.code === k.room_code);
    return p && room ? capacityOf(p, room, k.date) : 0;
  }

  async search(q: HotelSearchQuery, ctx: SearchContext): Promise<SearchResult> {
    const dest = resolveDestination(q.destination);
    if (!dest) throw new Error(`unknown destination ${q.destination}`);
    const sold = await this.inventory.sold(dest.city.id, q.check_in, q.check_out);
    const dates = stayDates(q);
    const days = dates.map(dayNumber);
    const boards = q.board?.length ? q.board : BOARDS;
    const found: Found[] = [];
    for (const p of cityProperties(dest.city)) {
      if (dest.hotelId && p.id !== dest.hotelId) continue;
      let best: ReturnType<typeof cheapestIn> = null;
      let factors: number[] | null = null;
      for (const room of p.rooms) {
        if (!fits(room, q.rooms)) continue;
        // A room whose base is a surge or more above the cheapest so far is dearer or equal on every night (a price
        // only grows with its net: board, plan, margins and tax all do), so it cannot be cheaper; ties keep the first.
        if (best && room.base_minor >= best.room.base_minor * SURGE) continue;
        const nights = roomNights(p, room, dates, sold, days);
        if (roomsLeft(p, room, dates, sold, nights) < q.rooms.length) continue;
        const c = cheapestIn(p, room, q, boards, q.free_cancellation, sold, ctx.pricing, dates, (factors ??= dayFactors(p, dates)), nights);
        if (c && (!best || c.quote.total_minor < best.quote.total_minor)) best = c;
      }
      if (best) found.push({ p, board: best.board, refundable: best.refundable, totalMinor: best.quote.total_minor, nightlyMinor: nightlyAverage(best.quote.total_minor, dates.length) });
    }
    const { page, total, price_range } = filterAndSort(found, q);
    const hotels = page.map((f) => summary(f.p, f.board, f.refundable, f.totalMinor, dates.length, ctx.lang));
    return { hotels, total, nights: dates.length, destination: destinationOf(q.destination, ctx.lang)!, price_range };
  }

  async detail(hotelId: string, stay: Stay, ctx: SearchContext): Promise<HotelDetail | null> {
    const p = propertyById(hotelId);
    if (!p) return null;
    const sold = await this.inventory.sold(p.city.id, stay.check_in, stay.check_out);
    const dates = stayDates(stay);
    const issued = ctx.now;
    const party = partyKey(stay.rooms);
    const rooms = p.rooms.filter((room) => fits(room, stay.rooms)).map((room) => {
      const nights = roomNights(p, room, dates, sold);
      const left = roomsLeft(p, room, dates, sold, nights);
      const factors = dayFactors(p, dates);
      const rates: HotelRate[] = left < stay.rooms.length ? [] : p.boards.flatMap((board) => [false, true].map((refundable) => {
        const q = quoteStay(p, room, stay, board, refundable, sold, ctx.pricing, dates, factors, nights);
        return {
          id: encodeRate({ hotel_id: p.id, room_code: room.code, board, refundable, check_in: stay.check_in, check_out: stay.check_out, party, issued_at: issued }),
          board, refundable, free_cancellation_until: refundable ? freeCancellationUntil(p, stay.check_in) : null,
          cancellation_penalty: toMoney(penaltyMinor(q.first_night_minor, q.total_minor, refundable), CURRENCY),
          nightly: nightlyOf(q), taxes_and_fees: toMoney(q.taxes_minor, CURRENCY), total: toMoney(q.total_minor, CURRENCY),
          rooms_left: left, expires_at: new Date(issued + RATE_TTL_MS).toISOString(),
        };
      }));
      const ar = ctx.lang === 'ar';
      return { code: room.code, type: room.type, name: ar ? room.name_ar : room.name, max_adults: room.max_adults, max_guests: room.max_guests, beds: ar ? room.beds_ar : room.beds, size_m2: room.size_m2, photo: photo(`${p.id}-${room.code}`), rates };
    }).filter((r) => r.rates.length > 0);
    const minor = (r: HotelRate) => parseMinor(r.total.amount) ?? 0;
    const cheapest = rooms.flatMap((r) => r.rates).sort((a, b) => minor(a) - minor(b))[0];
    const total = cheapest ? minor(cheapest) : 0;
    return {
      ...summary(p, cheapest?.board ?? p.boards[0], cheapest?.refundable ?? false, total, dates.length, ctx.lang),
      description: ctx.lang === 'ar' ? describeAr(p) : describe(p), photos: [0, 1, 2, 3].map((i) => photo(`${p.id}-${i}`)),
      check_in_time: p.check_in_time, check_out_time: p.check_out_time, time_zone: p.city.tz, nights: dates.length, rooms,
    };
  }

  async price(rateId: string, stay: Stay, ctx: SearchContext): Promise<PricedRate> {
    const ref = decodeRate(rateId);
    const p = ref && propertyById(ref.hotel_id);
    const room = p?.rooms.find((r) => r.code === ref!.room_code);
    if (!ref || !p || !room || !p.boards.includes(ref.board)) return { status: 'unknown' };
    if (ref.issued_at + RATE_TTL_MS <= ctx.now || ref.issued_at > ctx.now + 60_000) return { status: 'expired' };
    if (ref.check_in !== stay.check_in || ref.check_out !== stay.check_out) return { status: 'mismatch', field: 'check_in' };
    if (ref.party !== partyKey(stay.rooms) || !fits(room, stay.rooms)) return { status: 'mismatch', field: 'rooms' };
    const sold = await this.inventory.sold(p.city.id, stay.check_in, stay.check_out);
    const dates = stayDates(stay);
    const nights = roomNights(p, room, dates, sold);
    const left = roomsLeft(p, room, dates, sold, nights);
    if (left < stay.rooms.length) return { status: 'unavailable' };
    const q = quoteStay(p, room, stay, ref.board, ref.refundable, sold, ctx.pricing, dates, dayFactors(p, dates), nights);
    return {
      status: 'ok', property: p, room, board: ref.board, refundable: ref.refundable, nightly: nightlyOf(q), taxes_minor: q.taxes_minor, total_minor: q.total_minor,
      penalty_minor: penaltyMinor(q.first_night_minor, q.total_minor, ref.refundable),
      free_cancellation_until: ref.refundable ? freeCancellationUntil(p, stay.check_in) : null, nights: q.keys, rooms_left: left, currency: CURRENCY,
    };
  }
}

/** A stay's average per night, in whole rupees, as a result card shows it and its filters and sorts read it. */
const nightlyAverage = (totalMinor: number, nights: number) => wholeUnits(totalMinor / Math.max(1, nights));

/** A result card in the reader's language (`lang`): the hotel's name, address and city in Arabic on Arabic pages. */
export function summary(p: Property, board: HotelSummary['cheapest']['board'], refundable: boolean, totalMinor: number, nights: number, lang?: string): HotelSummary {
  const ar = lang === 'ar';
  return {
    id: p.id, name: ar ? p.name_ar : p.name, stars: p.stars, guest_rating: p.guest_rating, review_count: p.review_count,
    address: ar ? p.address_ar : p.address, city: ar ? cityAr(p.city) : p.city.name,
    country_code: p.city.country, location: p.location, distance_km: p.distance_km, distance_haram_m: p.distance_haram_m, photo: photo(`${p.id}-0`),
    amenities: p.amenities,
    cheapest: { board, refundable, nightly: toMoney(nightlyAverage(totalMinor, nights), CURRENCY), total: toMoney(totalMinor, CURRENCY) },
    free_cancellation: p.boards.length > 0, // every property sells a refundable plan beside the non-refundable one
  };
}

function describe(p: Property): string {
  const where = p.distance_haram_m !== null ? `${formatNumber(p.distance_haram_m, 'en', { max: 0 })} m from the Haram` : `${formatNumber(p.distance_km, 'en', { max: 1 })} km from the centre of ${p.city.name}`;
  return `A ${p.stars}-star hotel ${where}, with ${p.rooms.length} room types. Check-in from ${p.check_in_time}, check-out until ${p.check_out_time}.`;
}
