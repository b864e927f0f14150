/**
 * Catalogue: wire shapes and input schemas shared by the app (form checks) and the server (the real checks).
 * Nothing here needs Node. Prices arrive as decimal strings or numbers in major units and travel back as Money.
 */
import * as v from 'valibot';
import { idSchema } from './ids';
import { bool, currency, fileRef, hhmm, html, int, intOr, isoDate, optDate, optInt, optText, price, publishing, req, text } from './catalogue-fields';
import type { Money } from './money';

export const CATALOGUE_MESSAGES = {
  visaSaved: 'Visa saved successfully',
  visaDeleted: 'Visa deleted successfully',
  holidaySaved: 'Holiday saved successfully',
  holidayDeleted: 'Holiday deleted successfully',
  umrahSaved: 'Umrah package saved successfully',
  umrahDeleted: 'Umrah package deleted successfully',
  groupTicketSaved: 'Group ticket saved successfully',
  groupTicketDeleted: 'Group ticket deleted successfully',
  headerImagesSaved: 'Header images saved successfully',
  headerImageDeleted: 'Header image deleted successfully',
  promoSaved: 'Promo image saved successfully',
  promoDeleted: 'Promo image deleted successfully',
  aircraftSaved: 'Aircraft saved successfully',
  aircraftDeleted: 'Aircraft deleted successfully',
  supplierSaved: 'Supplier saved successfully',
  supplierDeleted: 'Supplier deleted successfully',
  insurancePlanSaved: 'Insurance plan saved successfully',
  insurancePlanDeleted: 'Insurance plan deleted successfully',
  leadSent: 'Thank you! We have received your enquiry and will contact you shortly.',
  leadUpdated: 'Lead updated successfully',
} as const;

// ---- visas --------------------------------------------------------------------------------------

export const VISA_TYPES = ['tourist', 'visit', 'business', 'transit', 'umrah', 'work', 'student'] as const;
export const VisaInput = v.object({
  country_code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.nonEmpty(req('country')), v.regex(/^[A-Z]{2}$/, 'The country must be a 2-letter country code.')),
  title: text('title'),
  title_ar: optText('Arabic title'),
  visa_type: v.pipe(v.optional(v.string(), 'tourist'), v.transform((x) => x || 'tourist'), v.picklist(VISA_TYPES, 'Choose a visa type.')),
  flag_image: fileRef('flag'),
  image: fileRef('image'),
  price: price('price'),
  currency,
  processing_days: optInt('processing days', 0, 365),
  validity_days: optInt('validity days', 1, 3650),
  stay_days: optInt('stay days', 1, 3650),
  entry: v.pipe(v.optional(v.string(), 'single'), v.transform((x) => x || 'single'), v.picklist(['single', 'multiple'], 'Choose single or multiple entry.')),
  description: html('description'),
  requirements: html('requirements'),
  description_ar: html('Arabic description'),
  requirements_ar: html('Arabic requirements'),
  ...publishing,
});
export type VisaInput = v.InferOutput<typeof VisaInput>;

export interface Visa {
  id: number; country_code: string; country: string; title: string; title_ar: string | null; visa_type: string;
  flag_image: string | null; flag_url: string | null; image: string | null; image_url: string | null; price: Money;
  processing_days: number | null; validity_days: number | null; stay_days: number | null; entry: string;
  description: string; requirements: string; description_ar: string; requirements_ar: string;
  is_published: boolean; is_featured: boolean; sort_order: number; created_at: string; updated_at: string;
}

// ---- holidays -----------------------------------------------------------------------------------

export const HolidayInput = v.pipe(
  v.object({
    title: text('title'),
    title_ar: optText('Arabic title'),
    destination: text('destination', 120),
    destination_ar: optText('Arabic destination', 120),
    country_code: v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ? s.trim().toUpperCase() : null)), v.check((s) => s === null || /^[A-Z]{2}$/.test(s), 'The country must be a 2-letter country code.')),
    image: fileRef('image'),
    nights: int('nights', 0, 60),
    days: int('days', 1, 61),
    price: price('price'),
    currency,
    start_date: optDate('start date'),
    end_date: optDate('end date'),
    inclusions: html('inclusions'),
    description: html('description'),
    inclusions_ar: html('Arabic inclusions'),
    description_ar: html('Arabic description'),
    ...publishing,
  }),
  v.forward(v.check((i) => i.days === i.nights || i.days === i.nights + 1, 'The days must equal the nights or the nights plus one.'), ['days']),
  v.forward(v.check((i) => !i.start_date || !i.end_date || i.end_date >= i.start_date, 'The end date must be on or after the start date.'), ['end_date']),
);
export type HolidayInput = v.InferOutput<typeof HolidayInput>;
export interface Holiday {
  id: number; title: string; title_ar: string | null; destination: string; destination_ar: string | null; country_code: string | null; image: string | null; image_url: string | null;
  nights: number; days: number; price: Money; start_date: string | null; end_date: string | null; inclusions: string; description: string; inclusions_ar: string; description_ar: string;
  is_published: boolean; is_featured: boolean; sort_order: number; created_at: string; updated_at: string;
}

// ---- umrah packages -----------------------------------------------------------------------------

export const UmrahInput = v.pipe(
  v.object({
    title: text('title'),
    title_ar: optText('Arabic title'),
    image: fileRef('image'),
    days: int('days', 1, 60),
    makkah_hotel: text('Makkah hotel', 120),
    makkah_hotel_ar: optText('Arabic Makkah hotel', 120),
    makkah_nights: int('Makkah nights', 0, 45),
    madinah_hotel: text('Madinah hotel', 120),
    madinah_hotel_ar: optText('Arabic Madinah hotel', 120),
    madinah_nights: int('Madinah nights', 0, 45),
    hotel_stars: intOr('hotel stars', 1, 5, 3),
    departure_city: optText('departure city', 80),
    departure_city_ar: optText('Arabic departure city', 80),
    departure_date: optDate('departure date'),
    price_quad: price('quad sharing price'),
    price_triple: price('triple sharing price', false),
    price_double: price('double sharing price', false),
    currency,
    includes_visa: bool(true),
    includes_flights: bool(true),
    includes_transport: bool(true),
    description: html('description'),
    description_ar: html('Arabic description'),
    ...publishing,
  }),
  v.forward(v.check((i) => i.makkah_nights + i.madinah_nights <= i.days, 'The nights in Makkah and Madinah cannot exceed the days.'), ['days']),
);
export type UmrahInput = v.InferOutput<typeof UmrahInput>;
export interface UmrahPackage {
  id: number; title: string; title_ar: string | null; image: string | null; image_url: string | null; days: number;
  makkah_hotel: string; makkah_hotel_ar: string | null; makkah_nights: number; madinah_hotel: string; madinah_hotel_ar: string | null; madinah_nights: number; hotel_stars: number;
  departure_city: string | null; departure_city_ar: string | null; departure_date: string | null; price: Money; price_quad: Money; price_triple: Money | null; price_double: Money | null;
  includes_visa: boolean; includes_flights: boolean; includes_transport: boolean; description: string; description_ar: string;
  is_published: boolean; is_featured: boolean; sort_order: number; created_at: string; updated_at: string;
}

// ---- group tickets ------------------------------------------------------------------------------

const iata = (label: string) => v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.nonEmpty(req(label)), v.regex(/^[A-Z]{3}$/, `The ${label} must be a 3-letter airport code.`));
const flightNo = (label: string) => v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.transform((s) => s.replace(/\s+/g, '')), v.nonEmpty(req(label)), v.regex(/^([A-Z0-9]{2})?\d{1,4}[A-Z]?$/, `The ${label} must look like 741 or PK741.`));
const optFlightNo = (label: string) => v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ?? '').trim().toUpperCase().replace(/\s+/g, '')), v.check((s) => s === '' || /^([A-Z0-9]{2})?\d{1,4}[A-Z]?$/.test(s), `The ${label} must look like 742 or PK742.`), v.transform((s) => s || null));
const optHhmm = (label: string) => v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ?? '').trim()), v.check((s) => s === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(s), `The ${label} must be a time (HH:MM).`), v.transform((s) => s || null));

export const GroupTicketInput = v.pipe(
  v.object({
    airline_code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.nonEmpty(req('airline')), v.regex(/^[A-Z0-9]{2}$/, 'The airline must be a 2-character airline code.')),
    flight_number: flightNo('flight number'),
    origin: iata('origin'),
    destination: iata('destination'),
    departure_date: v.pipe(v.optional(v.string(), ''), v.nonEmpty(req('departure date')), isoDate('departure date')),
    departure_time: hhmm('departure time'),
    arrival_time: hhmm('arrival time'),
    arrival_day_offset: intOr('arrival day offset', 0, 2, 0),
    return_flight_number: optFlightNo('return flight number'),
    return_date: optDate('return date'),
    return_departure_time: optHhmm('return departure time'),
    return_arrival_time: optHhmm('return arrival time'),
    return_arrival_day_offset: intOr('return arrival day offset', 0, 2, 0),
    seats_total: int('seats', 1, 500),
    seats_available: optInt('seats available', 0, 500),
    price: price('price'),
    currency,
    refundable: bool(false),
    baggage: v.pipe(v.optional(v.nullable(v.string()), '20 kg'), v.transform((s) => (s ?? '').trim() || '20 kg'), v.maxLength(60, 'The baggage may not be greater than 60 characters.')),
    notes: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(1000, 'The notes may not be greater than 1000 characters.')),
    ...publishing,
  }),
  v.forward(v.check((i) => i.origin !== i.destination, 'The origin and destination must be different.'), ['destination']),
  v.forward(v.check((i) => i.arrival_day_offset > 0 || i.arrival_time > i.departure_time, 'The arrival time must be after the departure time (or set the arrival day offset).'), ['arrival_time']),
  v.forward(v.check((i) => !i.return_date || i.return_date >= i.departure_date, 'The return date cannot be before the departure date.'), ['return_date']),
  v.forward(v.check((i) => !i.return_date || !!i.return_flight_number, req('return flight number')), ['return_flight_number']),
  v.forward(v.check((i) => !i.return_date || !!i.return_departure_time, req('return departure time')), ['return_departure_time']),
  v.forward(v.check((i) => !i.return_date || !!i.return_arrival_time, req('return arrival time')), ['return_arrival_time']),
  v.forward(v.check((i) => i.seats_available === null || i.seats_available <= i.seats_total, 'The seats available cannot exceed the seats.'), ['seats_available']),
);
export type GroupTicketInput = v.InferOutput<typeof GroupTicketInput>;

export interface GroupTicketFlight {
  airline: { code: string; name: string }; flight_number: string; origin: { code: string; name: string; city: string };
  destination: { code: string; name: string; city: string }; departure_date: string; departure_time: string; arrival_time: string; arrival_day_offset: number;
}
export interface GroupTicket {
  id: number; airline_code: string; airline_name: string; flight_number: string; origin: string; destination: string;
  departure_date: string; departure_time: string; arrival_time: string; arrival_day_offset: number;
  return_flight_number: string | null; return_date: string | null; return_departure_time: string | null; return_arrival_time: string | null; return_arrival_day_offset: number;
  seats_total: number; seats_available: number; price: Money; refundable: boolean; baggage: string; notes: string;
  /** The response holds a flights list (outbound and, when there is one, return). */
  flights: GroupTicketFlight[];
  is_published: boolean; is_featured: boolean; sort_order: number; created_at: string; updated_at: string;
}

// ---- header images, promo images ----------------------------------------------------------------

export const CATALOGUES = ['visa', 'holiday', 'umrah'] as const;
export type CatalogueKind = (typeof CATALOGUES)[number];
export const HeaderImagesInput = v.object({
  images: v.pipe(v.array(fileRef('image') as v.GenericSchema<unknown, string | null>, 'The images must be a list.'), v.minLength(1, 'Choose at least one image.'), v.maxLength(10, 'At most 10 header images.'),
    v.check((xs) => xs.every((x) => !!x), 'Each image must be an uploaded file.')),
});
export interface HeaderImage { id: number; catalogue: CatalogueKind; file_name: string; url: string; sort_order: number }

export const PromoImageInput = v.object({
  id: v.optional(v.nullable(v.union([v.literal(''), idSchema('Promo image not found.')], 'Promo image not found.'))),
  file_name: v.pipe(fileRef('image'), v.check((s) => s !== null, req('image'))),
  title: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(120, 'The title may not be greater than 120 characters.')),
  title_ar: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(120, 'The Arabic title may not be greater than 120 characters.')),
  link: v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ?? '').trim() || null),
    v.check((s) => s === null || s.length <= 500, 'The link may not be greater than 500 characters.'),
    v.check((s) => s === null || /^\/(?!\/)[^\s]*$/.test(s) || /^https:\/\/[^\s]+$/.test(s), 'The link must be a path on this site (/visa) or an https address.')),
  is_home: bool(false),
  is_active: bool(true),
  sort_order: intOr('sort order', -100000, 100000, 0),
});
export interface PromoImage { id: number; file_name: string; url: string; title: string; title_ar: string; link: string | null; is_home: boolean; is_active: boolean; sort_order: number; created_at: string }

// ---- aircraft, suppliers ------------------------------------------------------------------------

export const AircraftInput = v.object({
  code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.nonEmpty(req('code')), v.regex(/^[A-Z0-9]{3,4}$/, 'The code must be 3 or 4 letters or digits (e.g. 77W).')),
  name: text('name', 80),
  manufacturer: text('manufacturer', 80),
  seats: int('seats', 1, 900),
  range_km: optInt('range', 100, 20000),
});
export interface Aircraft { id: number; code: string; name: string; manufacturer: string; seats: number; range_km: number | null; created_at: string; updated_at: string }

export const SUPPLIER_KINDS = ['flight', 'hotel', 'visa', 'transport', 'insurance', 'other'] as const;
export const SupplierInput = v.object({
  code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toLowerCase(), v.nonEmpty(req('code')), v.regex(/^[a-z0-9-]{2,30}$/, 'The code may contain lower-case letters, digits and dashes (2–30).')),
  name: text('name', 120),
  kind: v.picklist(SUPPLIER_KINDS, 'Choose a supplier type.'),
  contact_email: v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ?? '').trim() || null),
    v.check((s) => s === null || s.length <= 190, 'The contact email may not be greater than 190 characters.'), v.check((s) => s === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Enter a valid email address.')),
  phone: v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ?? '').trim() || null), v.check((s) => s === null || /^\+?[0-9 ()-]{7,20}$/.test(s), 'Enter a valid phone number.')),
  is_active: bool(true),
  notes: v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(2000, 'The notes are too long.')),
});
export interface Supplier { id: number; code: string; name: string; kind: string; contact_email: string | null; phone: string | null; is_active: boolean; notes: string; created_at: string; updated_at: string }

// Field schemas, insurance plans and leads live in files of their own; importers reach them here too.
export * from './catalogue-fields';
export * from './insurance-plans';
export * from './leads';
