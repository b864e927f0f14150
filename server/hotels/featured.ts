/**
 * GET /featured-hotels: the home page's few hotels in the cities travellers most book, each the best rated four- or
 * five-star hotel of its city with its cheapest price for a default stay (two adults, two nights, two weeks ahead).
 * The supplier is deterministic per day, so the answer is worked out once a day (and again if the public margins
 * change); always at public prices, since the home page is the public's.
 */
import * as v from 'valibot';
import { addDays } from '../../contract/flights';
import { HotelSearchQuerySchema, type FeaturedHotels } from '../../contract/hotels';
import type { AppContext } from '../context';
import { pricingFor } from '../pricing';
import { hotelToday } from './service';
import { hotelSupplier } from './supplier';
import type { ReaderLang } from '../http/lang';

/** Makkah, Madinah, Dubai, Istanbul (GeoNames ids, as dense-cities.ts). */
export const FEATURED_CITY_IDS = [104515, 109223, 292223, 745044] as const;
const STAY_AHEAD_DAYS = 14;
const NIGHTS = 2;

/** One answer per language, since the hotels are named in the reader's. */
const kept = new WeakMap<AppContext, Map<ReaderLang, { key: string; answer: Promise<FeaturedHotels> }>>();

export async function featuredHotels(ctx: AppContext, lang: ReaderLang = 'en'): Promise<FeaturedHotels> {
  const today = hotelToday(ctx);
  const pricing = await pricingFor(ctx.db, null);
  const key = `${today}|${JSON.stringify(pricing)}`;
  let byLang = kept.get(ctx);
  if (!byLang) kept.set(ctx, (byLang = new Map()));
  const hit = byLang.get(lang);
  if (hit?.key === key) return hit.answer;
  const answer = build(ctx, today, pricing, lang);
  byLang.set(lang, { key, answer });
  answer.catch(() => { if (byLang.get(lang)?.answer === answer) byLang.delete(lang); });
  return answer;
}

async function build(ctx: AppContext, today: string, pricing: Awaited<ReturnType<typeof pricingFor>>, lang: ReaderLang): Promise<FeaturedHotels> {
  const stay = { check_in: addDays(today, STAY_AHEAD_DAYS), check_out: addDays(today, STAY_AHEAD_DAYS + NIGHTS), rooms: [{ adults: 2, children_ages: [] }] };
  const supplier = hotelSupplier(ctx);
  const data: FeaturedHotels['data'] = [];
  for (const id of FEATURED_CITY_IDS) {
    const q = v.parse(HotelSearchQuerySchema, { ...stay, destination: `city:${id}`, stars: ['4', '5'], sort: 'rating', per_page: 1 });
    const res = await supplier.search(q, { pricing, now: ctx.now().getTime(), lang });
    if (res.hotels[0]) data.push({ ...res.hotels[0], destination: res.destination });
  }
  return { data, meta: stay };
}
