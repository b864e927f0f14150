/** The catalogue resources: how each is validated, stored and shown. Routes come from crud.ts. */
import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  AircraftInput, CATALOGUE_MESSAGES as M, GroupTicketInput, HolidayInput, InsurancePlanInput, SupplierInput, UmrahInput, VisaInput,
  type Aircraft, type GroupTicket, type Holiday, type InsurancePlan, type Supplier, type UmrahPackage, type Visa, type Region,
} from '../../contract/catalogue';
import { todayInZone } from '../../contract/flights';
import { toMoney } from '../../contract/money';
import type { AppEnv } from '../context';
import type { DbOrTx } from '../db/client';
import { aircraft, groupTickets, holidays, insurancePlans, suppliers, umrahPackages, visas } from '../db/schema';
import { conflict, validationError } from '../http/errors';
import { airlineByCode, airportByCode, countryByCode, isAirport } from '../reference';
import { assertImage, fileUrl } from '../uploads/service';
import { sanitizeRichText } from './sanitize';
import { invalidateGroupRoutes } from './group-ticket-supplier';
import type { ResourceDef } from './crud';

const iso = (d: Date) => d.toISOString();
const url = (f: string | null) => (f ? fileUrl(f) : null);
const img = async (db: DbOrTx, f: string | null, field: string) => (f ? assertImage(db, f, field) : null);
const money = (minor: number | null, currency: string) => (minor === null ? null : toMoney(minor, currency));
const major = (minor: number | null) => (minor === null ? null : toMoney(minor).amount);
const pub = (r: { isPublished: boolean; isFeatured: boolean; sortOrder: number; createdAt: Date; updatedAt: Date }) => ({
  is_published: r.isPublished, is_featured: r.isFeatured, sort_order: r.sortOrder, created_at: iso(r.createdAt), updated_at: iso(r.updatedAt),
});
const pubIn = (r: { isPublished: boolean; isFeatured: boolean; sortOrder: number }) => ({ is_published: r.isPublished, is_featured: r.isFeatured, sort_order: r.sortOrder });
const pubRow = (i: { is_published: boolean; is_featured: boolean; sort_order: number }) => ({ isPublished: i.is_published, isFeatured: i.is_featured, sortOrder: i.sort_order });

// ---- visas --------------------------------------------------------------------------------------

type VisaRow = typeof visas.$inferSelect;
export const visaToApi = (r: VisaRow): Visa => ({
  id: r.id, country_code: r.countryCode, country: r.country, title: r.title, title_ar: r.titleAr, visa_type: r.visaType,
  flag_image: r.flagImage, flag_url: url(r.flagImage), image: r.image, image_url: url(r.image), price: toMoney(r.priceMinor, r.currency),
  processing_days: r.processingDays, validity_days: r.validityDays, stay_days: r.stayDays, entry: r.entry,
  description: r.description, requirements: r.requirements, description_ar: r.descriptionAr, requirements_ar: r.requirementsAr, ...pub(r),
});

export const visaResource: ResourceDef<typeof visas, VisaInput, Visa> = {
  path: 'visas', table: visas, input: VisaInput, update: 'put', publicRead: true, keepAnswers: true,
  saved: M.visaSaved, deleted: M.visaDeleted, notFound: 'Visa not found.',
  // The Arabic title too: the Arabic visa page's search box is typed in Arabic.
  search: [visas.title, visas.country, visas.countryCode, visas.titleAr],
  order: [asc(visas.sortOrder), asc(visas.country), asc(visas.id)],
  filters: (c: Context<AppEnv>) => {
    const cc = c.req.query('country_code');
    return cc ? [eq(visas.countryCode, cc.toUpperCase())] : [];
  },
  toApi: visaToApi,
  toInput: (r) => ({
    country_code: r.countryCode, title: r.title, title_ar: r.titleAr, visa_type: r.visaType, flag_image: r.flagImage, image: r.image,
    price: major(r.priceMinor), currency: r.currency, processing_days: r.processingDays, validity_days: r.validityDays, stay_days: r.stayDays,
    entry: r.entry, description: r.description, requirements: r.requirements, description_ar: r.descriptionAr, requirements_ar: r.requirementsAr, ...pubIn(r),
  }),
  async toRow(db, i) {
    const country = countryByCode(i.country_code);
    if (!country) throw validationError({ country_code: ['Unknown country.'] });
    return {
      countryCode: i.country_code, country: country.name, title: i.title, titleAr: i.title_ar, visaType: i.visa_type,
      flagImage: await img(db, i.flag_image, 'flag_image'), image: await img(db, i.image, 'image'),
      priceMinor: i.price!, currency: i.currency, processingDays: i.processing_days, validityDays: i.validity_days, stayDays: i.stay_days,
      entry: i.entry, description: sanitizeRichText(i.description), requirements: sanitizeRichText(i.requirements),
      descriptionAr: sanitizeRichText(i.description_ar), requirementsAr: sanitizeRichText(i.requirements_ar), ...pubRow(i),
    };
  },
};

// ---- holidays -----------------------------------------------------------------------------------

type HolidayRow = typeof holidays.$inferSelect;
export const holidayToApi = (r: HolidayRow): Holiday => ({
  id: r.id, title: r.title, title_ar: r.titleAr, destination: r.destination, destination_ar: r.destinationAr, country_code: r.countryCode, image: r.image, image_url: url(r.image),
  nights: r.nights, days: r.days, price: toMoney(r.priceMinor, r.currency), start_date: r.startDate, end_date: r.endDate,
  inclusions: r.inclusions, description: r.description, inclusions_ar: r.inclusionsAr, description_ar: r.descriptionAr, ...pub(r),
});
export const holidayResource: ResourceDef<typeof holidays, HolidayInput, Holiday> = {
  path: 'holidays', table: holidays, input: HolidayInput, update: 'put', publicRead: true, keepAnswers: true,
  saved: M.holidaySaved, deleted: M.holidayDeleted, notFound: 'Holiday not found.',
  search: [holidays.title, holidays.destination, holidays.titleAr, holidays.destinationAr],
  order: [asc(holidays.sortOrder), desc(holidays.id)],
  toApi: holidayToApi,
  toInput: (r) => ({
    title: r.title, title_ar: r.titleAr, destination: r.destination, destination_ar: r.destinationAr, country_code: r.countryCode, image: r.image, nights: r.nights, days: r.days,
    price: major(r.priceMinor), currency: r.currency, start_date: r.startDate, end_date: r.endDate, inclusions: r.inclusions, description: r.description,
    inclusions_ar: r.inclusionsAr, description_ar: r.descriptionAr, ...pubIn(r),
  }),
  async toRow(db, i) {
    if (i.country_code && !countryByCode(i.country_code)) throw validationError({ country_code: ['Unknown country.'] });
    return {
      title: i.title, titleAr: i.title_ar, destination: i.destination, destinationAr: i.destination_ar, countryCode: i.country_code, image: await img(db, i.image, 'image'),
      nights: i.nights, days: i.days, priceMinor: i.price!, currency: i.currency, startDate: i.start_date, endDate: i.end_date,
      inclusions: sanitizeRichText(i.inclusions), description: sanitizeRichText(i.description),
      inclusionsAr: sanitizeRichText(i.inclusions_ar), descriptionAr: sanitizeRichText(i.description_ar), ...pubRow(i),
    };
  },
};

// ---- umrah packages -----------------------------------------------------------------------------

type UmrahRow = typeof umrahPackages.$inferSelect;
export const umrahToApi = (r: UmrahRow): UmrahPackage => ({
  id: r.id, title: r.title, title_ar: r.titleAr, image: r.image, image_url: url(r.image), days: r.days,
  makkah_hotel: r.makkahHotel, makkah_hotel_ar: r.makkahHotelAr, makkah_nights: r.makkahNights, madinah_hotel: r.madinahHotel, madinah_hotel_ar: r.madinahHotelAr,
  madinah_nights: r.madinahNights, hotel_stars: r.hotelStars, departure_city: r.departureCity, departure_city_ar: r.departureCityAr, departure_date: r.departureDate, price: toMoney(r.priceQuadMinor, r.currency), price_quad: toMoney(r.priceQuadMinor, r.currency),
  price_triple: money(r.priceTripleMinor, r.currency), price_double: money(r.priceDoubleMinor, r.currency),
  includes_visa: r.includesVisa, includes_flights: r.includesFlights, includes_transport: r.includesTransport, description: r.description, description_ar: r.descriptionAr, ...pub(r),
});
export const umrahResource: ResourceDef<typeof umrahPackages, UmrahInput, UmrahPackage> = {
  path: 'umrah-packages', table: umrahPackages, input: UmrahInput, update: 'patch', publicRead: true, keepAnswers: true,
  saved: M.umrahSaved, deleted: M.umrahDeleted, notFound: 'Umrah package not found.',
  search: [umrahPackages.title, umrahPackages.makkahHotel, umrahPackages.madinahHotel, umrahPackages.titleAr, umrahPackages.makkahHotelAr, umrahPackages.madinahHotelAr],
  order: [asc(umrahPackages.sortOrder), desc(umrahPackages.id)],
  toApi: umrahToApi,
  toInput: (r) => ({
    title: r.title, title_ar: r.titleAr, image: r.image, days: r.days, makkah_hotel: r.makkahHotel, makkah_hotel_ar: r.makkahHotelAr, makkah_nights: r.makkahNights,
    madinah_hotel: r.madinahHotel, madinah_hotel_ar: r.madinahHotelAr, madinah_nights: r.madinahNights, hotel_stars: r.hotelStars,
    departure_city: r.departureCity, departure_city_ar: r.departureCityAr, departure_date: r.departureDate,
    price_quad: major(r.priceQuadMinor), price_triple: major(r.priceTripleMinor), price_double: major(r.priceDoubleMinor), currency: r.currency,
    includes_visa: r.includesVisa, includes_flights: r.includesFlights, includes_transport: r.includesTransport, description: r.description, description_ar: r.descriptionAr, ...pubIn(r),
  }),
  async toRow(db, i) {
    return {
      title: i.title, titleAr: i.title_ar, image: await img(db, i.image, 'image'), days: i.days, makkahHotel: i.makkah_hotel, makkahHotelAr: i.makkah_hotel_ar, makkahNights: i.makkah_nights,
      madinahHotel: i.madinah_hotel, madinahHotelAr: i.madinah_hotel_ar, madinahNights: i.madinah_nights, hotelStars: i.hotel_stars,
      departureCity: i.departure_city, departureCityAr: i.departure_city_ar, departureDate: i.departure_date,
      priceQuadMinor: i.price_quad!, priceTripleMinor: i.price_triple, priceDoubleMinor: i.price_double, currency: i.currency,
      includesVisa: i.includes_visa, includesFlights: i.includes_flights, includesTransport: i.includes_transport,
      description: sanitizeRichText(i.description), descriptionAr: sanitizeRichText(i.description_ar), ...pubRow(i),
    };
  },
};

// ---- group tickets ------------------------------------------------------------------------------

type GroupRow = typeof groupTickets.$inferSelect;
const place = (code: string) => {
  const a = airportByCode(code);
  return { code, name: a?.name ?? code, city: a?.city ?? code };
};
const airlineName = (code: string) => airlineByCode(code)?.name ?? code;
export const groupTicketToApi = (r: GroupRow): GroupTicket => {
  const airline = { code: r.airlineCode, name: airlineName(r.airlineCode) };
  const flights: GroupTicket['flights'] = [{
    airline, flight_number: `${r.airlineCode} ${r.flightNumber}`, origin: place(r.origin), destination: place(r.destination),
    departure_date: r.departureDate, departure_time: r.departureTime, arrival_time: r.arrivalTime, arrival_day_offset: r.arrivalDayOffset,
  }];
  if (r.returnDate && r.returnFlightNumber && r.returnDepartureTime && r.returnArrivalTime) {
    flights.push({
      airline, flight_number: `${r.airlineCode} ${r.returnFlightNumber}`, origin: place(r.destination), destination: place(r.origin),
      departure_date: r.returnDate, departure_time: r.returnDepartureTime, arrival_time: r.returnArrivalTime, arrival_day_offset: r.returnArrivalDayOffset,
    });
  }
  return {
    id: r.id, airline_code: r.airlineCode, airline_name: airline.name, flight_number: r.flightNumber, origin: r.origin, destination: r.destination,
    departure_date: r.departureDate, departure_time: r.departureTime, arrival_time: r.arrivalTime, arrival_day_offset: r.arrivalDayOffset,
    return_flight_number: r.returnFlightNumber, return_date: r.returnDate, return_departure_time: r.returnDepartureTime, return_arrival_time: r.returnArrivalTime,
    return_arrival_day_offset: r.returnArrivalDayOffset, seats_total: r.seatsTotal, seats_available: r.seatsAvailable, price: toMoney(r.priceMinor, r.currency),
    refundable: r.refundable, baggage: r.baggage, notes: r.notes, flights, ...pub(r),
  };
};
/** Strips a repeated airline prefix: "PK741" with airline PK → "741". */
const bareFlightNo = (airline: string, n: string) => (n.startsWith(airline) && n.length > 2 && /^\d/.test(n.slice(2)) ? n.slice(2) : n);

export const groupTicketResource: ResourceDef<typeof groupTickets, GroupTicketInput, GroupTicket> = {
  path: 'group-tickets', table: groupTickets, input: GroupTicketInput, update: 'put', publicRead: true, afterWrite: invalidateGroupRoutes,
  saved: M.groupTicketSaved, deleted: M.groupTicketDeleted, notFound: 'Group ticket not found.',
  search: [groupTickets.origin, groupTickets.destination, groupTickets.airlineCode, groupTickets.flightNumber],
  order: [asc(groupTickets.departureDate), asc(groupTickets.departureTime), asc(groupTickets.id)],
  filters: (c) => {
    const out: SQL[] = [];
    const o = c.req.query('origin'); const d = c.req.query('destination');
    if (o) out.push(eq(groupTickets.origin, o.toUpperCase()));
    if (d) out.push(eq(groupTickets.destination, d.toUpperCase()));
    return out;
  },
  toApi: groupTicketToApi,
  toInput: (r) => ({
    airline_code: r.airlineCode, flight_number: r.flightNumber, origin: r.origin, destination: r.destination, departure_date: r.departureDate,
    departure_time: r.departureTime, arrival_time: r.arrivalTime, arrival_day_offset: r.arrivalDayOffset, return_flight_number: r.returnFlightNumber,
    return_date: r.returnDate, return_departure_time: r.returnDepartureTime, return_arrival_time: r.returnArrivalTime, return_arrival_day_offset: r.returnArrivalDayOffset,
    seats_total: r.seatsTotal, seats_available: null, price: major(r.priceMinor), currency: r.currency, refundable: r.refundable, baggage: r.baggage, notes: r.notes, ...pubIn(r),
  }),
  async toRow(_db, i, existing) {
    const errors: Record<string, string[]> = {};
    if (!airlineByCode(i.airline_code)) errors.airline_code = ['Unknown airline.'];
    // Staff-added airports count; deactivated ones only where an existing ticket already flies.
    if (!isAirport(i.origin) && existing?.origin !== i.origin) errors.origin = ['Unknown airport.'];
    if (!isAirport(i.destination) && existing?.destination !== i.destination) errors.destination = ['Unknown airport.'];
    const today = todayInZone('Etc/GMT+12');
    if ((!existing || existing.departureDate !== i.departure_date) && i.departure_date < today) errors.departure_date = ['The departure date cannot be in the past.'];
    // Seats are inventory: what was sold stays sold when the total changes.
    const sold = existing ? existing.seatsTotal - existing.seatsAvailable : 0;
    let available = i.seats_available ?? i.seats_total - sold;
    if (i.seats_available === null && available < 0) errors.seats_total = [`The seats cannot be fewer than the ${sold} already sold.`];
    available = Math.max(0, available);
    if (Object.keys(errors).length) throw validationError(errors);
    return {
      airlineCode: i.airline_code, flightNumber: bareFlightNo(i.airline_code, i.flight_number), origin: i.origin, destination: i.destination,
      departureDate: i.departure_date, departureTime: i.departure_time, arrivalTime: i.arrival_time, arrivalDayOffset: i.arrival_day_offset,
      returnFlightNumber: i.return_flight_number ? bareFlightNo(i.airline_code, i.return_flight_number) : null, returnDate: i.return_date,
      returnDepartureTime: i.return_date ? i.return_departure_time : null, returnArrivalTime: i.return_date ? i.return_arrival_time : null,
      returnArrivalDayOffset: i.return_arrival_day_offset, seatsTotal: i.seats_total, seatsAvailable: available, priceMinor: i.price!, currency: i.currency,
      refundable: i.refundable, baggage: i.baggage, notes: i.notes, ...pubRow(i),
    };
  },
};

// ---- aircraft, suppliers ------------------------------------------------------------------------

type AircraftRow = typeof aircraft.$inferSelect;
export const aircraftResource: ResourceDef<typeof aircraft, import('valibot').InferOutput<typeof AircraftInput>, Aircraft> = {
  path: 'aircrafts', table: aircraft, input: AircraftInput, update: 'put', publicRead: false,
  saved: M.aircraftSaved, deleted: M.aircraftDeleted, notFound: 'Aircraft not found.',
  search: [aircraft.code, aircraft.name, aircraft.manufacturer], order: [asc(aircraft.code)],
  toApi: (r: AircraftRow) => ({ id: r.id, code: r.code, name: r.name, manufacturer: r.manufacturer, seats: r.seats, range_km: r.rangeKm, created_at: iso(r.createdAt), updated_at: iso(r.updatedAt) }),
  toInput: (r) => ({ code: r.code, name: r.name, manufacturer: r.manufacturer, seats: r.seats, range_km: r.rangeKm }),
  async toRow(db, i, existing) {
    const [dup] = await db.select({ id: aircraft.id }).from(aircraft).where(eq(aircraft.code, i.code)).limit(1);
    if (dup && dup.id !== existing?.id) throw validationError({ code: ['An aircraft with this code already exists.'] });
    return { code: i.code, name: i.name, manufacturer: i.manufacturer, seats: i.seats, rangeKm: i.range_km };
  },
};

type SupplierRow = typeof suppliers.$inferSelect;
export const supplierResource: ResourceDef<typeof suppliers, import('valibot').InferOutput<typeof SupplierInput>, Supplier> = {
  path: 'suppliers', table: suppliers, input: SupplierInput, update: 'put', publicRead: false,
  saved: M.supplierSaved, deleted: M.supplierDeleted, notFound: 'Supplier not found.',
  search: [suppliers.code, suppliers.name], order: [asc(suppliers.name)],
  toApi: (r: SupplierRow) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, contact_email: r.contactEmail, phone: r.phone, is_active: r.isActive, notes: r.notes, created_at: iso(r.createdAt), updated_at: iso(r.updatedAt) }),
  toInput: (r) => ({ code: r.code, name: r.name, kind: r.kind, contact_email: r.contactEmail, phone: r.phone, is_active: r.isActive, notes: r.notes }),
  async toRow(db, i, existing) {
    const [dup] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, i.code)).limit(1);
    if (dup && dup.id !== existing?.id) throw validationError({ code: ['A supplier with this code already exists.'] });
    return { code: i.code, name: i.name, kind: i.kind, contactEmail: i.contact_email, phone: i.phone, isActive: i.is_active, notes: i.notes };
  },
};

// ---- insurance plans ----------------------------------------------------------------------------

type PlanRow = typeof insurancePlans.$inferSelect;
export const planToApi = (r: PlanRow): InsurancePlan => ({
  id: r.id, name: r.name, name_ar: r.nameAr, coverage: toMoney(r.coverageMinor, r.coverageCurrency), daily_rate: toMoney(r.dailyRateMinor, r.currency),
  min_premium: toMoney(r.minPremiumMinor, r.currency), regions: r.regions as Region[], max_days: r.maxDays, max_age: r.maxAge, benefits: r.benefits, benefits_ar: r.benefitsAr,
  description: r.description, is_published: r.isPublished, sort_order: r.sortOrder,
});
export const insurancePlanResource: ResourceDef<typeof insurancePlans, import('valibot').InferOutput<typeof InsurancePlanInput>, InsurancePlan> = {
  path: 'insurance-plans', table: insurancePlans, input: InsurancePlanInput, update: 'put', publicRead: true,
  saved: M.insurancePlanSaved, deleted: M.insurancePlanDeleted, notFound: 'Insurance plan not found.',
  search: [insurancePlans.name], order: [asc(insurancePlans.sortOrder), asc(insurancePlans.dailyRateMinor)],
  toApi: planToApi,
  toInput: (r) => ({
    name: r.name, name_ar: r.nameAr, coverage: major(r.coverageMinor), coverage_currency: r.coverageCurrency, daily_rate: major(r.dailyRateMinor),
    min_premium: major(r.minPremiumMinor), currency: r.currency, regions: r.regions, max_days: r.maxDays, max_age: r.maxAge, benefits: r.benefits, benefits_ar: r.benefitsAr,
    description: r.description, is_published: r.isPublished, sort_order: r.sortOrder,
  }),
  async toRow(_db, i) {
    return {
      name: i.name, nameAr: i.name_ar, coverageMinor: i.coverage!, coverageCurrency: i.coverage_currency, dailyRateMinor: i.daily_rate!, minPremiumMinor: i.min_premium,
      currency: i.currency, regions: [...new Set(i.regions)], maxDays: i.max_days, maxAge: i.max_age, benefits: i.benefits.filter(Boolean), benefitsAr: i.benefits_ar.filter(Boolean),
      description: sanitizeRichText(i.description), isPublished: i.is_published, sortOrder: i.sort_order,
    };
  },
};

export { conflict };
