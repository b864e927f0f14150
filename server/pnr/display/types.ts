/**
 * What a pasted GDS display says, as read: who travels, on which flights, with which tickets and fare, and what
 * the reader could not read. Pure data; the preview (../preview.ts) turns it into what the import screens show.
 */
import type { PaxType } from '../../../contract/flight-choices';

export type Gds = 'amadeus' | 'sabre' | 'galileo' | 'apollo' | 'worldspan';

export interface TravelDocument {
  type: string;
  number: string;
  issuing_country: string | null;
  nationality: string | null;
  expiry: string | null;
}

export interface DisplayPassenger {
  line: number;
  last_name: string;
  first_name: string;
  /** As the display prints it (MR, MRS, MISS...); empty when it prints none: never assumed. */
  title: string;
  gender: 'M' | 'F' | null;
  type: PaxType;
  /** The passenger type code as the display states it (ADT, CHD, C09, INF, INS, YTH); ADT when it states none. */
  ptc: string;
  dob: string | null;
  /** An infant's adult: its 1-based place in the passenger list. */
  infant_of: number | null;
  extra_seat: boolean;
  ticket_number: string | null;
  document: TravelDocument | null;
}

/** What a segment's status asks of the agent; null when it holds a seat and nothing changed. */
export type SegmentChange = 'time_change' | 'waitlisted' | 'unconfirmed' | 'canceled' | 'no_action' | 'schedule_change';

export interface DisplaySegment {
  line: number;
  airline: string;
  /** Airline code and number without leading zeros, with its suffix letter if any: PK301, UA57, EK2A. */
  flight_number: string;
  operating_airline: string | null;
  booking_class: string;
  /** Local departure day, YYYY-MM-DD. */
  date: string;
  origin: string;
  destination: string;
  status: string;
  seats: number;
  /** Local times, 24-hour HH:MM. */
  departure_time: string;
  arrival_time: string;
  /** Days after `date` on which it lands (-1 to 2). */
  arrival_day_offset: number;
  /** The status holds a seat (HK, TK, KK, RR, SS, DK, GK). */
  confirmed: boolean;
  change: SegmentChange | null;
  airline_locator: string | null;
}

export interface OtherSegment { line: number; kind: 'arnk' | 'open'; text: string }

export interface DisplayFare { currency: string; base: string | null; taxes: string | null; total: string | null }

export type IssueKind = 'unread' | 'status' | 'airport' | 'airline' | 'seats' | 'ticket' | 'order' | 'passenger';
/** A line the reader has something to say about: its number (0 for the whole display), what, and the line itself. */
export interface DisplayIssue {
  line: number; kind: IssueKind; message: string; text?: string;
  /** What it is (unread_flight, status_canceled, unknown_airport...) and its values, for the app to word. */
  code?: string; params?: Record<string, string | number>;
  /** An unread line: what it looked like. */
  looks_like?: 'flight' | 'name' | 'ticket' | 'fare';
}

export interface DisplayReading {
  gds: Gds | null;
  record_locator: string | null;
  airline_locators: { airline: string; locator: string }[];
  passengers: DisplayPassenger[];
  segments: DisplaySegment[];
  other_segments: OtherSegment[];
  fare: DisplayFare | null;
  warnings: DisplayIssue[];
  errors: DisplayIssue[];
}

/** A paste that is no booking display at all, and what it looks like instead. */
export type NotABooking = 'empty' | 'binary' | 'availability' | 'fare_display' | 'queue_list' | 'no_booking';

export interface ReadOptions {
  /** YYYY-MM-DD: the day the display is pasted; a date without a year is the first on or after it. */
  today: string;
  isAirport?: (code: string) => boolean;
  isAirline?: (code: string) => boolean;
}
