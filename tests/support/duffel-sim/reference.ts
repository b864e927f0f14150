/**
 * The simulator's reference data: a few dozen real airports (the routes Safar sells most, plus the big hubs),
 * the airlines that fly them, and aircraft. Shapes follow Duffel's Airport, City, Airline and Aircraft schemas
 * (node_modules/@duffel/api/dist/supportingResources/*Types.d.ts). Codes not in the table still work.
 */
import { duffelId, hash32 } from './util';

interface AirportRow { name: string; city: string; cityCode: string; metro: boolean; country: string; tz: string; lat: number; lon: number; icao: string }

// metro: the city is an IATA metropolitan area with its own code (LON, NYC, PAR...), which Duffel returns as `city`.
const AIRPORTS: Record<string, AirportRow> = {
  KHI: { name: 'Jinnah International Airport', city: 'Karachi', cityCode: 'KHI', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 24.906547, lon: 67.160797, icao: 'OPKC' },
  LHE: { name: 'Allama Iqbal International Airport', city: 'Lahore', cityCode: 'LHE', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 31.521564, lon: 74.403594, icao: 'OPLA' },
  ISB: { name: 'Islamabad International Airport', city: 'Islamabad', cityCode: 'ISB', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 33.549, lon: 72.825556, icao: 'OPIS' },
  PEW: { name: 'Bacha Khan International Airport', city: 'Peshawar', cityCode: 'PEW', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 33.993911, lon: 71.514553, icao: 'OPPS' },
  MUX: { name: 'Multan International Airport', city: 'Multan', cityCode: 'MUX', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 30.203222, lon: 71.419056, icao: 'OPMT' },
  SKT: { name: 'Sialkot International Airport', city: 'Sialkot', cityCode: 'SKT', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 32.535556, lon: 74.363889, icao: 'OPST' },
  UET: { name: 'Quetta International Airport', city: 'Quetta', cityCode: 'UET', metro: false, country: 'PK', tz: 'Asia/Karachi', lat: 30.251369, lon: 66.937764, icao: 'OPQT' },
  DXB: { name: 'Dubai International Airport', city: 'Dubai', cityCode: 'DXB', metro: true, country: 'AE', tz: 'Asia/Dubai', lat: 25.252778, lon: 55.364444, icao: 'OMDB' },
  AUH: { name: 'Zayed International Airport', city: 'Abu Dhabi', cityCode: 'AUH', metro: false, country: 'AE', tz: 'Asia/Dubai', lat: 24.432972, lon: 54.651138, icao: 'OMAA' },
  SHJ: { name: 'Sharjah International Airport', city: 'Sharjah', cityCode: 'SHJ', metro: false, country: 'AE', tz: 'Asia/Dubai', lat: 25.328575, lon: 55.51715, icao: 'OMSJ' },
  DOH: { name: 'Hamad International Airport', city: 'Doha', cityCode: 'DOH', metro: false, country: 'QA', tz: 'Asia/Qatar', lat: 25.273056, lon: 51.608056, icao: 'OTHH' },
  JED: { name: 'King Abdulaziz International Airport', city: 'Jeddah', cityCode: 'JED', metro: false, country: 'SA', tz: 'Asia/Riyadh', lat: 21.679564, lon: 39.156536, icao: 'OEJN' },
  MED: { name: 'Prince Mohammad bin Abdulaziz International Airport', city: 'Madinah', cityCode: 'MED', metro: false, country: 'SA', tz: 'Asia/Riyadh', lat: 24.553422, lon: 39.705061, icao: 'OEMA' },
  RUH: { name: 'King Khalid International Airport', city: 'Riyadh', cityCode: 'RUH', metro: false, country: 'SA', tz: 'Asia/Riyadh', lat: 24.957640, lon: 46.698776, icao: 'OERK' },
  DMM: { name: 'King Fahd International Airport', city: 'Dammam', cityCode: 'DMM', metro: false, country: 'SA', tz: 'Asia/Riyadh', lat: 26.471161, lon: 49.79789, icao: 'OEDF' },
  MCT: { name: 'Muscat International Airport', city: 'Muscat', cityCode: 'MCT', metro: false, country: 'OM', tz: 'Asia/Muscat', lat: 23.593278, lon: 58.284444, icao: 'OOMS' },
  BAH: { name: 'Bahrain International Airport', city: 'Manama', cityCode: 'BAH', metro: false, country: 'BH', tz: 'Asia/Bahrain', lat: 26.270834, lon: 50.63361, icao: 'OBBI' },
  KWI: { name: 'Kuwait International Airport', city: 'Kuwait City', cityCode: 'KWI', metro: false, country: 'KW', tz: 'Asia/Kuwait', lat: 29.226567, lon: 47.968928, icao: 'OKKK' },
  IST: { name: 'Istanbul Airport', city: 'Istanbul', cityCode: 'IST', metro: true, country: 'TR', tz: 'Europe/Istanbul', lat: 41.275278, lon: 28.751944, icao: 'LTFM' },
  CAI: { name: 'Cairo International Airport', city: 'Cairo', cityCode: 'CAI', metro: false, country: 'EG', tz: 'Africa/Cairo', lat: 30.121944, lon: 31.405556, icao: 'HECA' },
  LHR: { name: 'Heathrow Airport', city: 'London', cityCode: 'LON', metro: true, country: 'GB', tz: 'Europe/London', lat: 51.4775, lon: -0.461389, icao: 'EGLL' },
  LGW: { name: 'Gatwick Airport', city: 'London', cityCode: 'LON', metro: true, country: 'GB', tz: 'Europe/London', lat: 51.148056, lon: -0.190278, icao: 'EGKK' },
  MAN: { name: 'Manchester Airport', city: 'Manchester', cityCode: 'MAN', metro: false, country: 'GB', tz: 'Europe/London', lat: 53.353744, lon: -2.27495, icao: 'EGCC' },
  BHX: { name: 'Birmingham Airport', city: 'Birmingham', cityCode: 'BHX', metro: false, country: 'GB', tz: 'Europe/London', lat: 52.453856, lon: -1.748028, icao: 'EGBB' },
  CDG: { name: 'Charles de Gaulle Airport', city: 'Paris', cityCode: 'PAR', metro: true, country: 'FR', tz: 'Europe/Paris', lat: 49.009722, lon: 2.547778, icao: 'LFPG' },
  FRA: { name: 'Frankfurt Airport', city: 'Frankfurt', cityCode: 'FRA', metro: false, country: 'DE', tz: 'Europe/Berlin', lat: 50.033333, lon: 8.570556, icao: 'EDDF' },
  AMS: { name: 'Amsterdam Airport Schiphol', city: 'Amsterdam', cityCode: 'AMS', metro: false, country: 'NL', tz: 'Europe/Amsterdam', lat: 52.308056, lon: 4.764167, icao: 'EHAM' },
  MAD: { name: 'Adolfo Suárez Madrid-Barajas Airport', city: 'Madrid', cityCode: 'MAD', metro: false, country: 'ES', tz: 'Europe/Madrid', lat: 40.4936, lon: -3.56676, icao: 'LEMD' },
  FCO: { name: 'Leonardo da Vinci-Fiumicino Airport', city: 'Rome', cityCode: 'ROM', metro: true, country: 'IT', tz: 'Europe/Rome', lat: 41.800278, lon: 12.238889, icao: 'LIRF' },
  JFK: { name: 'John F. Kennedy International Airport', city: 'New York', cityCode: 'NYC', metro: true, country: 'US', tz: 'America/New_York', lat: 40.639751, lon: -73.778925, icao: 'KJFK' },
  ORD: { name: "O'Hare International Airport", city: 'Chicago', cityCode: 'CHI', metro: true, country: 'US', tz: 'America/Chicago', lat: 41.978603, lon: -87.904842, icao: 'KORD' },
  LAX: { name: 'Los Angeles International Airport', city: 'Los Angeles', cityCode: 'LAX', metro: false, country: 'US', tz: 'America/Los_Angeles', lat: 33.942536, lon: -118.408075, icao: 'KLAX' },
  YYZ: { name: 'Toronto Pearson International Airport', city: 'Toronto', cityCode: 'YTO', metro: true, country: 'CA', tz: 'America/Toronto', lat: 43.677223, lon: -79.630556, icao: 'CYYZ' },
  DEL: { name: 'Indira Gandhi International Airport', city: 'Delhi', cityCode: 'DEL', metro: false, country: 'IN', tz: 'Asia/Kolkata', lat: 28.5665, lon: 77.103088, icao: 'VIDP' },
  BOM: { name: 'Chhatrapati Shivaji Maharaj International Airport', city: 'Mumbai', cityCode: 'BOM', metro: false, country: 'IN', tz: 'Asia/Kolkata', lat: 19.088686, lon: 72.867919, icao: 'VABB' },
  DAC: { name: 'Hazrat Shahjalal International Airport', city: 'Dhaka', cityCode: 'DAC', metro: false, country: 'BD', tz: 'Asia/Dhaka', lat: 23.843347, lon: 90.397783, icao: 'VGHS' },
  CMB: { name: 'Bandaranaike International Airport', city: 'Colombo', cityCode: 'CMB', metro: false, country: 'LK', tz: 'Asia/Colombo', lat: 7.180756, lon: 79.884117, icao: 'VCBI' },
  KUL: { name: 'Kuala Lumpur International Airport', city: 'Kuala Lumpur', cityCode: 'KUL', metro: false, country: 'MY', tz: 'Asia/Kuala_Lumpur', lat: 2.745578, lon: 101.709917, icao: 'WMKK' },
  BKK: { name: 'Suvarnabhumi Airport', city: 'Bangkok', cityCode: 'BKK', metro: true, country: 'TH', tz: 'Asia/Bangkok', lat: 13.681108, lon: 100.747283, icao: 'VTBS' },
  SIN: { name: 'Singapore Changi Airport', city: 'Singapore', cityCode: 'SIN', metro: false, country: 'SG', tz: 'Asia/Singapore', lat: 1.350189, lon: 103.994433, icao: 'WSSS' },
  SYD: { name: 'Sydney Kingsford Smith Airport', city: 'Sydney', cityCode: 'SYD', metro: false, country: 'AU', tz: 'Australia/Sydney', lat: -33.946111, lon: 151.177222, icao: 'YSSY' },
};

/** A Duffel Airport object. Codes not in the table get a plausible stand-in so any pair can be searched. */
export function airport(code: string) {
  const row = AIRPORTS[code] ?? unknownAirport(code);
  const cc = row.country.toLowerCase();
  return {
    type: 'airport' as const,
    id: `arp_${code.toLowerCase()}_${cc}`,
    name: row.name,
    iata_code: code,
    icao_code: row.icao,
    iata_country_code: row.country,
    iata_city_code: row.cityCode,
    city_name: row.city,
    latitude: row.lat,
    longitude: row.lon,
    time_zone: row.tz,
    city: row.metro
      ? { type: 'city' as const, id: `cit_${row.cityCode.toLowerCase()}_${cc}`, name: row.city, iata_code: row.cityCode, iata_country_code: row.country }
      : null,
  };
}
export type SimAirport = ReturnType<typeof airport>;

export const isKnownAirport = (code: string): boolean => code in AIRPORTS;

function unknownAirport(code: string): AirportRow {
  // Somewhere between the Gulf and Europe, so distances (and so prices and times) stay sensible.
  const h = hash32(code);
  return {
    name: `${code} International Airport`, city: code, cityCode: code, metro: false, country: 'ZZ', tz: 'UTC',
    lat: 20 + (h % 3000) / 100, lon: 10 + ((h >>> 12) % 5000) / 100, icao: `Z${code}`,
  };
}

export interface AirlineRow {
  iata: string; name: string; hubs: string[];
  /** The three-digit ticketing prefix that starts its e-ticket numbers. */
  ticketPrefix: string;
  /** Whether its flexible fares may be held and paid later (requires_instant_payment: false). */
  holdable: boolean;
  /** Whether it wants a passport for every passenger at booking (passenger_identity_documents_required). */
  documentsRequired: boolean;
  /** Low-cost: no checked bag on the cheapest fare, refund conditions unknown. */
  lowCost: boolean;
  priceFactor: number;
}

export const AIRLINES: AirlineRow[] = [
  { iata: 'QR', name: 'Qatar Airways', hubs: ['DOH'], ticketPrefix: '157', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.08 },
  { iata: 'EK', name: 'Emirates', hubs: ['DXB'], ticketPrefix: '176', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.12 },
  { iata: 'EY', name: 'Etihad Airways', hubs: ['AUH'], ticketPrefix: '607', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.02 },
  { iata: 'TK', name: 'Turkish Airlines', hubs: ['IST'], ticketPrefix: '235', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 0.96 },
  { iata: 'BA', name: 'British Airways', hubs: ['LHR'], ticketPrefix: '125', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.15 },
  { iata: 'PK', name: 'Pakistan International Airlines', hubs: ['KHI', 'LHE', 'ISB'], ticketPrefix: '214', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 0.88 },
  { iata: 'SV', name: 'Saudia', hubs: ['JED', 'RUH'], ticketPrefix: '065', holdable: true, documentsRequired: true, lowCost: false, priceFactor: 0.94 },
  { iata: 'LH', name: 'Lufthansa', hubs: ['FRA'], ticketPrefix: '220', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.1 },
  { iata: 'SQ', name: 'Singapore Airlines', hubs: ['SIN'], ticketPrefix: '618', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 1.12 },
  { iata: 'MH', name: 'Malaysia Airlines', hubs: ['KUL'], ticketPrefix: '232', holdable: true, documentsRequired: false, lowCost: false, priceFactor: 0.92 },
  { iata: 'G9', name: 'Air Arabia', hubs: ['SHJ'], ticketPrefix: '514', holdable: false, documentsRequired: false, lowCost: true, priceFactor: 0.62 },
];

export const airlineByIata = (iata: string): AirlineRow | undefined => AIRLINES.find((a) => a.iata === iata);

/** A Duffel Airline object. */
export function airlineObject(row: AirlineRow) {
  return {
    id: duffelId('arl', `airline:${row.iata}`),
    name: row.name,
    iata_code: row.iata,
    logo_symbol_url: `https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/${row.iata}.svg`,
    logo_lockup_url: `https://assets.duffel.com/img/airlines/for-light-background/full-color-lockup/${row.iata}.svg`,
    conditions_of_carriage_url: null,
  };
}

const AIRCRAFT = {
  short: [{ iata: '320', name: 'Airbus A320' }, { iata: '321', name: 'Airbus A321' }, { iata: '738', name: 'Boeing 737-800' }],
  medium: [{ iata: '333', name: 'Airbus A330-300' }, { iata: '788', name: 'Boeing 787-8' }, { iata: '332', name: 'Airbus A330-200' }],
  long: [{ iata: '77W', name: 'Boeing 777-300ER' }, { iata: '359', name: 'Airbus A350-900' }, { iata: '789', name: 'Boeing 787-9' }],
};

/** An aircraft that fits the distance: narrow-body under 2,500 km, wide-body beyond. */
export function aircraftFor(km: number, seed: string) {
  const list = km < 2500 ? AIRCRAFT.short : km < 6000 ? AIRCRAFT.medium : AIRCRAFT.long;
  const a = list[hash32(seed) % list.length];
  return { id: duffelId('arc', `aircraft:${a.iata}`), iata_code: a.iata, name: a.name };
}

export const isWideBody = (iata: string): boolean => ['332', '333', '788', '77W', '359', '789'].includes(iata);
