/**
 * The packages one can book, read from the two catalogue tables as one shape: their per-person prices by room
 * sharing (umrah: quad, and triple and double where priced; a holiday one price, "standard") and their departures.
 * Unpublished packages are not bookable.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import { packageReturnDate, PKM, type BookedPackage, type PackageDeparture, type PackageHotels, type PackageKind, type PackageOffer, type Sharing } from '../../contract/package-bookings';
import type { DbOrTx } from '../db/client';
import { holidays, packageDepartures, umrahPackages } from '../db/schema';
import { notFound } from '../http/errors';

export interface BookablePackage {
  kind: PackageKind; id: number; title: string; titleAr: string | null; place: string; placeAr: string | null; days: number; currency: string;
  prices: Partial<Record<Sharing, number>>;
  /** An umrah package's hotels, each in both languages (the Arabic null where none was written). */
  hotels: PackageHotels | null;
}

export async function loadPackage(db: DbOrTx, kind: PackageKind, id: number): Promise<BookablePackage | null> {
  if (kind === 'umrah') {
    const [p] = await db.select().from(umrahPackages).where(and(eq(umrahPackages.id, id), eq(umrahPackages.isPublished, true))).limit(1);
    if (!p) return null;
    const prices: BookablePackage['prices'] = { quad: p.priceQuadMinor };
    if (p.priceTripleMinor !== null) prices.triple = p.priceTripleMinor;
    if (p.priceDoubleMinor !== null) prices.double = p.priceDoubleMinor;
    const hotels = { makkah: p.makkahHotel, makkah_ar: p.makkahHotelAr, madinah: p.madinahHotel, madinah_ar: p.madinahHotelAr };
    return { kind, id: p.id, title: p.title, titleAr: p.titleAr, place: p.departureCity ?? '', placeAr: p.departureCityAr, days: p.days, currency: p.currency, prices, hotels };
  }
  const [h] = await db.select().from(holidays).where(and(eq(holidays.id, id), eq(holidays.isPublished, true))).limit(1);
  if (!h) return null;
  return { kind, id: h.id, title: h.title, titleAr: h.titleAr, place: h.destination, placeAr: h.destinationAr, days: h.days, currency: h.currency, prices: { standard: h.priceMinor }, hotels: null };
}

/** The package as a booking keeps it: its names in both languages, so pages and mails name it in their reader's. */
export const bookedPackage = (p: BookablePackage): BookedPackage => ({
  id: p.id, title: p.title, title_ar: p.titleAr, place: p.place, place_ar: p.placeAr, days: p.days, ...(p.hotels ? { hotels: p.hotels } : {}),
});

export type DepartureRow = typeof packageDepartures.$inferSelect;
export const departureToApi = (d: DepartureRow, days: number): PackageDeparture => ({
  id: d.id, kind: d.packageKind, package_id: d.packageId, departure_date: d.departureDate, return_date: packageReturnDate(d.departureDate, days),
  seats_total: d.seatsTotal, seats_available: d.seatsAvailable,
});

/** A package's offer: prices by sharing and its departures from `today` on (staff see past ones too). */
export async function packageOffer(db: DbOrTx, kind: PackageKind, id: number, today: string | null): Promise<PackageOffer> {
  const p = await loadPackage(db, kind, id);
  if (!p) throw notFound(PKM.packageNotFound);
  const conds = [eq(packageDepartures.packageKind, kind), eq(packageDepartures.packageId, id)];
  if (today) conds.push(gte(packageDepartures.departureDate, today));
  const rows = await db.select().from(packageDepartures).where(and(...conds)).orderBy(asc(packageDepartures.departureDate));
  return {
    kind, package_id: id, title: p.title, title_ar: p.titleAr, place: p.place, place_ar: p.placeAr, hotels: p.hotels, days: p.days,
    sharings: (Object.entries(p.prices) as [Sharing, number][]).map(([sharing, minor]) => ({ sharing, per_person: toMoney(minor, p.currency) })),
    departures: rows.map((d) => departureToApi(d, p.days)),
  };
}
