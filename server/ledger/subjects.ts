/**
 * What each ledger transaction is about, as data the app puts into words in the reader's language ("Ticket
 * KHI → DXB, PNR D7LDVR", "تذكرة كراتشي ← دبي"): read from the rows its reference names, so transactions written
 * before this existed read the same way, and no words are stored in one language.
 */
import { inArray } from 'drizzle-orm';
import type { LedgerSubject } from '../../contract/ledger';
import type { DbOrTx } from '../db/client';
import { multiCityRoute, routeList } from '../bookings/route';
import { bookedCityAr, bookedHotelIn } from '../hotels/names';
import { agentCharges, bookings, deposits, hotelBookings, insurancePolicies, packageBookings, visaApplications } from '../db/schema';

/**
 * A booked hotel's name and city in both languages, as the statement is kept for every reader: the Arabic is the
 * embedded supplier's (null for another supplier's hotel, which is read as booked).
 */
export function hotelNames(booked: unknown): { hotel: string; hotel_ar: string | null; city: string; city_ar: string | null } {
  const hotel = booked as { id?: string | number; name: string; city: string };
  const { hotel: ar } = bookedHotelIn(hotel, { name: '' }, 'ar');
  const city_ar = hotel.id !== undefined ? bookedCityAr(String(hotel.id)) : null;
  return { hotel: hotel.name, hotel_ar: ar === hotel ? null : ar.name, city: hotel.city, city_ar };
}

/** Opening balances are adjustments posted under these references (the demo's, and any staff mark so). */
const OPENING = /^adjustment:(demo-)?opening/;

/** reference → subject, for the references given (`kind:key`, as the posting services write them). */
export async function ledgerSubjects(db: DbOrTx, references: readonly string[]): Promise<Map<string, LedgerSubject>> {
  const keys = (prefixes: string[]) => [...new Set(references.filter((r) => prefixes.some((p) => r.startsWith(`${p}:`))).map((r) => r.slice(r.indexOf(':') + 1)))];
  // A reissue's reference is re_issue:<PNR>:<n> (one per change of the booking): the PNR is its middle part.
  const reissues = references.filter((r) => r.startsWith('re_issue:')).map((r) => [r, r.split(':')[1]] as const);
  const pnrs = [...new Set([...keys(['booking', 'void', 'direct_booking', 'refund']), ...reissues.map(([, p]) => p)])];
  const hotelRefs = keys(['hotel-booking']);
  const depositIds = keys(['deposit']).map(Number).filter(Number.isInteger);
  const chargeIds = keys(['charge']).map(Number).filter(Number.isInteger);
  const packageRefs = keys(['package-booking']);
  const visaRefs = keys(['visa-application']);
  const policyNumbers = keys(['insurance-policy']);
  const [flights, hotels, deps, charges, packages, visas, policies] = await Promise.all([
    pnrs.length ? db.select({ pnr: bookings.pnr, origin: bookings.origin, destination: bookings.destination, date: bookings.departureDate, multiCityRoute }).from(bookings).where(inArray(bookings.pnr, pnrs)) : [],
    hotelRefs.length ? db.select({ reference: hotelBookings.reference, hotel: hotelBookings.hotel, checkIn: hotelBookings.checkIn, checkOut: hotelBookings.checkOut }).from(hotelBookings).where(inArray(hotelBookings.reference, hotelRefs)) : [],
    depositIds.length ? db.select({ id: deposits.id, reference: deposits.reference, bank: deposits.bankName, method: deposits.method }).from(deposits).where(inArray(deposits.id, depositIds)) : [],
    chargeIds.length ? db.select({ id: agentCharges.id, type: agentCharges.type, bookingReference: agentCharges.bookingReference }).from(agentCharges).where(inArray(agentCharges.id, chargeIds)) : [],
    packageRefs.length ? db.select({ reference: packageBookings.reference, item: packageBookings.package, date: packageBookings.departureDate }).from(packageBookings).where(inArray(packageBookings.reference, packageRefs)) : [],
    visaRefs.length ? db.select({ reference: visaApplications.reference, item: visaApplications.visa, date: visaApplications.travelDate }).from(visaApplications).where(inArray(visaApplications.reference, visaRefs)) : [],
    policyNumbers.length ? db.select({ reference: insurancePolicies.policyNumber, item: insurancePolicies.plan, date: insurancePolicies.startDate }).from(insurancePolicies).where(inArray(insurancePolicies.policyNumber, policyNumbers)) : [],
  ]);
  const out = new Map<string, LedgerSubject>();
  for (const f of flights) {
    const subject: LedgerSubject = { kind: 'flight', pnr: f.pnr, origin: f.origin, destination: f.destination, date: String(f.date), multi_city_route: routeList(f.multiCityRoute) };
    for (const p of ['booking', 'void', 'direct_booking', 'refund']) out.set(`${p}:${f.pnr}`, subject);
  }
  const byPnr = new Map(flights.map((f) => [f.pnr, f]));
  for (const [ref, pnr] of reissues) {
    const f = byPnr.get(pnr);
    if (f) out.set(ref, { kind: 'flight', pnr: f.pnr, origin: f.origin, destination: f.destination, date: String(f.date), multi_city_route: routeList(f.multiCityRoute) });
  }
  for (const h of hotels) out.set(`hotel-booking:${h.reference}`, { kind: 'hotel', reference: h.reference, ...hotelNames(h.hotel), check_in: h.checkIn, check_out: h.checkOut });
  for (const d of deps) out.set(`deposit:${d.id}`, { kind: 'deposit', reference: d.reference, bank: d.bank, method: d.method });
  for (const c of charges) out.set(`charge:${c.id}`, { kind: 'charge', charge_type: c.type, booking_reference: c.bookingReference });
  // Each keeps the item as sold: a package or visa its title (and title_ar), a policy its plan's name (and name_ar).
  const titled = (kind: 'package' | 'visa' | 'insurance', prefix: string, rows: { reference: string; item: unknown; date: string }[]) => {
    for (const r of rows) {
      const item = r.item as { title?: string; title_ar?: string | null; name?: string; name_ar?: string | null };
      out.set(`${prefix}:${r.reference}`, { kind, reference: r.reference, title: item.title ?? item.name ?? '', title_ar: item.title_ar ?? item.name_ar ?? null, date: r.date });
    }
  };
  titled('package', 'package-booking', packages);
  titled('visa', 'visa-application', visas);
  titled('insurance', 'insurance-policy', policies);
  for (const r of references) if (OPENING.test(r)) out.set(r, { kind: 'opening' });
  return out;
}
