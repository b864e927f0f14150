import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};
/** Shown on the public site only when published; featured ones appear on the home page. */
const publishing = {
  isPublished: boolean('is_published').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
};

/** Visas: country, flag, title, starting price, currency, rich-text description. */
export const visas = pgTable(
  'visas',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(), // ISO 3166-1 alpha-2
    country: text('country').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar'),
    visaType: text('visa_type').notNull().default('tourist'),
    flagImage: text('flag_image'), // uploads.file_name
    image: text('image'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('PKR'),
    processingDays: integer('processing_days'),
    validityDays: integer('validity_days'),
    stayDays: integer('stay_days'),
    entry: text('entry').notNull().default('single'),
    description: text('description').notNull().default(''), // sanitised HTML
    requirements: text('requirements').notNull().default(''), // sanitised HTML
    // Arabic pages show these when they are not empty, else the English.
    descriptionAr: text('description_ar').notNull().default(''), // sanitised HTML
    requirementsAr: text('requirements_ar').notNull().default(''), // sanitised HTML
    ...publishing,
    ...stamps,
  },
  (t) => [index('visas_public_idx').on(t.isPublished, t.sortOrder), check('visas_price_ck', sql`${t.priceMinor} >= 0`)],
);

export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleAr: text('title_ar'),
    destination: text('destination').notNull(),
    destinationAr: text('destination_ar'),
    countryCode: text('country_code'),
    image: text('image'),
    nights: integer('nights').notNull(),
    days: integer('days').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('PKR'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    inclusions: text('inclusions').notNull().default(''), // sanitised HTML
    description: text('description').notNull().default(''),
    inclusionsAr: text('inclusions_ar').notNull().default(''), // sanitised HTML
    descriptionAr: text('description_ar').notNull().default(''),
    ...publishing,
    ...stamps,
  },
  (t) => [index('holidays_public_idx').on(t.isPublished, t.sortOrder), check('holidays_price_ck', sql`${t.priceMinor} >= 0`)],
);

export const umrahPackages = pgTable(
  'umrah_packages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleAr: text('title_ar'),
    image: text('image'),
    days: integer('days').notNull(),
    makkahHotel: text('makkah_hotel').notNull(),
    makkahHotelAr: text('makkah_hotel_ar'),
    makkahNights: integer('makkah_nights').notNull(),
    madinahHotel: text('madinah_hotel').notNull(),
    madinahHotelAr: text('madinah_hotel_ar'),
    madinahNights: integer('madinah_nights').notNull(),
    hotelStars: integer('hotel_stars').notNull().default(3),
    departureCity: text('departure_city'),
    departureCityAr: text('departure_city_ar'),
    departureDate: date('departure_date'),
    /** Per person by room sharing; quad is the headline price. */
    priceQuadMinor: integer('price_quad_minor').notNull(),
    priceTripleMinor: integer('price_triple_minor'),
    priceDoubleMinor: integer('price_double_minor'),
    currency: text('currency').notNull().default('PKR'),
    includesVisa: boolean('includes_visa').notNull().default(true),
    includesFlights: boolean('includes_flights').notNull().default(true),
    includesTransport: boolean('includes_transport').notNull().default(true),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    ...publishing,
    ...stamps,
  },
  (t) => [index('umrah_public_idx').on(t.isPublished, t.sortOrder)],
);

/** Group tickets: our own seat inventory on a scheduled flight, bookable through flight search. */
export const groupTickets = pgTable(
  'group_tickets',
  {
    id: serial('id').primaryKey(),
    airlineCode: text('airline_code').notNull(),
    flightNumber: text('flight_number').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: date('departure_date').notNull(),
    departureTime: text('departure_time').notNull(), // HH:MM local at origin
    arrivalTime: text('arrival_time').notNull(), // HH:MM local at destination
    arrivalDayOffset: integer('arrival_day_offset').notNull().default(0),
    returnFlightNumber: text('return_flight_number'),
    returnDate: date('return_date'),
    returnDepartureTime: text('return_departure_time'),
    returnArrivalTime: text('return_arrival_time'),
    returnArrivalDayOffset: integer('return_arrival_day_offset').notNull().default(0),
    seatsTotal: integer('seats_total').notNull(),
    seatsAvailable: integer('seats_available').notNull(),
    priceMinor: integer('price_minor').notNull(), // per adult, all taxes in
    currency: text('currency').notNull().default('PKR'),
    refundable: boolean('refundable').notNull().default(false),
    baggage: text('baggage').notNull().default('20 kg'),
    notes: text('notes').notNull().default(''),
    ...publishing,
    ...stamps,
  },
  (t) => [
    index('group_tickets_route_idx').on(t.origin, t.destination, t.departureDate),
    check('group_tickets_seats_ck', sql`${t.seatsAvailable} >= 0 and ${t.seatsAvailable} <= ${t.seatsTotal}`),
  ],
);

/** Header images per catalogue page (visa, holiday, umrah). */
export const headerImages = pgTable(
  'header_images',
  {
    id: serial('id').primaryKey(),
    catalogue: text('catalogue', { enum: ['visa', 'holiday', 'umrah'] }).notNull(),
    fileName: text('file_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('header_images_uq').on(t.catalogue, t.fileName)],
);

/** Promo banners; those with the home flag show on the home page. */
export const promoImages = pgTable('promo_images', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  title: text('title').notNull().default(''),
  titleAr: text('title_ar').notNull().default(''),
  link: text('link'),
  isHome: boolean('is_home').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const aircraft = pgTable(
  'aircraft',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(), // IATA type code, e.g. 77W
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull(),
    seats: integer('seats').notNull(),
    rangeKm: integer('range_km'),
    ...stamps,
  },
  (t) => [uniqueIndex('aircraft_code_uq').on(t.code)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['flight', 'hotel', 'visa', 'transport', 'insurance', 'other'] }).notNull(),
    contactEmail: text('contact_email'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes').notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('suppliers_code_uq').on(t.code)],
);

