/**
 * Synthesised properties: a pure function of the city, so every server (and every day) invents the same hotels.
 * Dense cities get dozens; every other city with an airport a few. Hotels in Makkah and Madinah cluster around
 * the Haram, as the real ones do, and show their distance from it.
 */
import { AMENITIES, type Amenity, type Board, type RoomType } from '../../../contract/hotels';
import { hashString, mulberry32 } from '../flight/prng';
import { cityById, denseCity } from './cities';
import { addressAr, BEDS_AR, hotelNameAr, roomNameAr } from './arabic';
import type { HotelCity, Property, RoomDef } from './types';

const PREFIXES = ['Grand', 'Royal', 'Golden', 'Pearl', 'Crown', 'Palm', 'Emerald', 'Vista', 'Marina', 'Plaza', 'Garden', 'Heritage', 'Oasis',
  'Sapphire', 'Silk Road', 'Harbour', 'Central', 'Crescent', 'Falcon', 'Cedar', 'Jasmine', 'Orchid', 'Summit', 'Riverside', 'Skyline', 'Regal'];
const HARAM_PREFIXES = ['Al Safwa', 'Dar Al Eiman', 'Al Marwa', 'Zamzam', 'Al Kiswah', 'Elaf', 'Al Shohada', 'Dar Al Tawhid', 'Al Ansar', 'Taiba',
  'Al Haram', 'Le Meridien Towers', 'Anjum', 'Bakkah', 'Al Massa', 'Jabal Omar', 'Al Rawda', 'Dar Al Hijra', 'Nusuk', 'Al Noor'];
const KINDS: Record<number, string[]> = {
  5: ['Palace', 'Grand Hotel', 'Towers', 'Resort & Spa'], 4: ['Hotel', 'Suites', 'Hotel & Residences'],
  3: ['Hotel', 'Inn', 'City Hotel'], 2: ['Lodge', 'Guest House', 'Hotel'], 1: ['Hostel', 'Rooms', 'Guest House'],
};
const STREETS = ['King Street', 'Station Road', 'Market Street', 'Park Avenue', 'Airport Road', 'Canal Road', 'Mall Road', 'Corniche Road', 'Hill Road', 'Garden Street'];
const HARAM_STREETS: Record<number, string[]> = {
  104515: ['Ibrahim Al Khalil Road', 'Ajyad Street', 'Al Misfalah', 'Jabal Omar', 'Al Aziziyah', 'Kudai', 'Jarwal', 'Al Shisha'],
  109223: ['King Fahd Road', 'Bab Al Salam', 'Al Markazia', 'Sultanah Road', 'Quba Road', 'Abu Dhar Al Ghifari Street'],
};
/** Nightly net of a double room by stars, in PKR minor units, before the city's cost of living. */
const BASE_BY_STARS = [0, 6_000_00, 9_500_00, 16_000_00, 28_000_00, 52_000_00];
/** Costlier countries (a rough cost-of-living factor); others 1. */
const COUNTRY_COST: Record<string, number> = { GB: 2.6, FR: 2.4, CH: 3, US: 2.4, AE: 1.8, QA: 1.7, SA: 1.2, SG: 2.2, JP: 2, TR: 1.1, MY: 0.9, TH: 0.9, AZ: 1, EG: 0.7, PK: 0.6, IN: 0.7, BD: 0.6 };

const ROOM_TYPES: Array<{ type: RoomType; code: string; name: string; max_adults: number; max_guests: number; beds: string; size: number; factor: number }> = [
  { type: 'single', code: 'SGL', name: 'Single Room', max_adults: 1, max_guests: 1, beds: '1 single bed', size: 14, factor: 0.75 },
  { type: 'double', code: 'DBL', name: 'Double Room', max_adults: 2, max_guests: 3, beds: '1 double bed', size: 22, factor: 1 },
  { type: 'twin', code: 'TWN', name: 'Twin Room', max_adults: 2, max_guests: 2, beds: '2 single beds', size: 22, factor: 1 },
  { type: 'triple', code: 'TRP', name: 'Triple Room', max_adults: 3, max_guests: 3, beds: '3 single beds', size: 28, factor: 1.3 },
  { type: 'quad', code: 'QUD', name: 'Quad Room', max_adults: 4, max_guests: 4, beds: '2 double beds', size: 34, factor: 1.55 },
  { type: 'suite', code: 'STE', name: 'Family Suite', max_adults: 4, max_guests: 4, beds: '1 king bed and a sofa bed', size: 48, factor: 2.2 },
];

const KM_PER_DEG = 111.32;
const distanceKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const x = (b.lon - a.lon) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180)), y = b.lat - a.lat;
  return Math.sqrt(x * x + y * y) * KM_PER_DEG;
};

/** How many hotels a city has: the dense list's number, else 2 to 6 by population. */
export function hotelCount(city: HotelCity): number {
  const dense = denseCity(city.id);
  if (dense) return dense.hotels;
  return Math.min(6, 2 + Math.floor(Math.log10(Math.max(city.population, 1000)) - 3) + (hashString(`n${city.id}`) % 2));
}

function synthesise(city: HotelCity, n: number): Property {
  const rnd = mulberry32(hashString(`${city.id}:${n}`));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const haram = denseCity(city.id)?.haram;
  const starsRoll = rnd();
  const stars = (starsRoll < 0.08 ? 1 : starsRoll < 0.25 ? 2 : starsRoll < 0.58 ? 3 : starsRoll < 0.85 ? 4 : 5) as Property['stars'];
  // Around the Haram hotels crowd close (most within 1.5 km); elsewhere they spread over the city.
  const centre = haram ?? city;
  const reach = haram ? 0.05 + rnd() ** 2 * (stars >= 4 ? 1.5 : 5) : 0.3 + rnd() ** 1.5 * (city.population > 1_000_000 ? 14 : 6);
  const angle = rnd() * 2 * Math.PI;
  const lat = centre.lat + (reach * Math.sin(angle)) / KM_PER_DEG;
  const lon = centre.lon + (reach * Math.cos(angle)) / (KM_PER_DEG * Math.cos((centre.lat * Math.PI) / 180));
  const location = { latitude: Math.round(lat * 1e5) / 1e5, longitude: Math.round(lon * 1e5) / 1e5 };
  const street = pick(HARAM_STREETS[city.id] ?? STREETS);
  // Past the first names a city repeats a brand, as real chains do, told apart by the street.
  const prefix = pick(haram ? HARAM_PREFIXES : PREFIXES), kind = pick(KINDS[stars]), branch = n >= 16 ? street : null;
  const name = `${prefix} ${kind}${branch ? ` ${branch.replace(/ (Road|Street|Avenue)$/, '')}` : ''}`;
  const amenities = AMENITIES.filter((a) => amenityChance(a, stars, !!haram) > rnd());
  const boards: Board[] = stars >= 3 ? ['RO', 'BB', 'HB', 'FB'].filter((b, i) => i < 2 || rnd() < 0.3 + stars * 0.1) as Board[] : ['RO', 'BB'];
  const cost = (COUNTRY_COST[city.country] ?? 1) * (haram ? 1 + 0.8 * Math.max(0, 1 - reach) : 1) * (0.85 + rnd() * 0.3);
  const types = ROOM_TYPES.filter((t) => t.type === 'double' || (t.type === 'suite' ? stars >= 4 : rnd() < (haram && t.max_guests >= 3 ? 0.9 : 0.6)));
  const rooms: RoomDef[] = types.map((t) => ({
    code: t.code, type: t.type, name: stars >= 4 && t.type !== 'suite' ? `Deluxe ${t.name}` : t.name, name_ar: roomNameAr(t.type, stars >= 4 && t.type !== 'suite'),
    max_adults: t.max_adults, max_guests: t.max_guests, beds: t.beds, beds_ar: BEDS_AR[t.beds], size_m2: Math.round(t.size * (0.8 + stars * 0.1)), allotment: 2 + Math.floor(rnd() * (stars >= 4 ? 10 : 6)),
    base_minor: Math.round((BASE_BY_STARS[stars] * cost * t.factor) / 100) * 100, seed: hashString(t.code),
  }));
  // Drawn in the order they always were, so every hotel keeps its figures.
  const guest_rating = Math.round((5.5 + stars * 0.6 + rnd() * 1.6) * 10) / 10;
  const review_count = 20 + Math.floor(rnd() * 400 * stars);
  const number = 1 + Math.floor(rnd() * 250);
  const distance_km = Math.round(distanceKm(city, { lat, lon }) * 10) / 10;
  const distance_haram_m = haram ? Math.round(distanceKm(haram, { lat, lon }) * 1000) : null;
  return {
    id: `${city.id}-${n}`, seed: hashString(`${city.id}-${n}`), city, name, name_ar: hotelNameAr(prefix, kind, branch), stars,
    guest_rating, review_count,
    address: `${number} ${street}, ${city.name}`, address_ar: addressAr(number, street, city),
    location, distance_km, distance_haram_m,
    amenities, boards, refundable_days: pick([1, 2, 3, 7]),
    check_in_time: pick(['14:00', '15:00', '16:00']), check_out_time: pick(['11:00', '12:00']),
    rooms, double_base_minor: rooms.find((r) => r.code === 'DBL')!.base_minor, tax_bp: 500 + (hashString(city.country) % 11) * 100, city_fee_minor: stars >= 3 && hashString(`fee${city.id}`) % 3 === 0 ? stars * 150_00 : 0,
  };
}

function amenityChance(a: Amenity, stars: number, haram: boolean): number {
  switch (a) {
    case 'wifi': case 'air_conditioning': case 'non_smoking': return 0.95;
    case 'haram_shuttle': return haram ? 0.5 : 0;
    case 'pool': case 'spa': return stars >= 4 ? 0.6 : 0.05;
    case 'gym': case 'business_centre': return stars >= 4 ? 0.8 : 0.15;
    case 'restaurant': case 'room_service': case 'front_desk_24h': return stars >= 3 ? 0.9 : 0.3;
    default: return 0.2 + stars * 0.1;
  }
}

/** Each city's hotels are built on first use and kept; a bound keeps a crawl over every city from piling up. */
const MAX_CITIES_KEPT = 400;
const byCity = new Map<number, Property[]>();

export function cityProperties(city: HotelCity): Property[] {
  let list = byCity.get(city.id);
  if (!list) {
    if (byCity.size >= MAX_CITIES_KEPT) byCity.delete(byCity.keys().next().value!);
    list = Array.from({ length: hotelCount(city) }, (_, n) => synthesise(city, n));
    byCity.set(city.id, list);
  }
  return list;
}

export function propertyById(id: string): Property | undefined {
  const m = /^(\d{1,9})-(\d{1,3})$/.exec(id);
  const city = m ? cityById(Number(m[1])) : undefined;
  return city ? cityProperties(city)[Number(m![2])] : undefined;
}

/** A hotel's names without keeping the hotel (the name index covers every city). */
export function propertyNames(city: HotelCity, n: number): { name: string; name_ar: string } {
  const p = byCity.get(city.id)?.[n] ?? synthesise(city, n);
  return { name: p.name, name_ar: p.name_ar };
}
