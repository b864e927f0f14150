/**
 * The preview of a PNR import: what the supplier (by record locator) or a pasted GDS display says, in the one
 * shape the import screens show and send back to save as a direct booking.
 */
import type { PaxType } from './flight-choices';

export interface PreviewSegment {
  airline: string; airline_name: string; flight_number: string; booking_class: string; cabin: 'Y' | 'S' | 'C' | 'F'; date: string;
  origin: string; origin_name: string; destination: string; destination_name: string;
  departure_time: string; arrival_time: string; arrival_day_offset: number; duration_minutes: number;
}
/** A passenger as read; `title` is empty (and `gender` null) when the source prints none: never assumed. */
export interface PreviewPassenger {
  type: PaxType; title: string; first_name: string; last_name: string; dob: string | null; ticket_number?: string | null;
  gender?: 'M' | 'F' | null;
  /** From a pasted display: the passenger type code as printed (ADT, CHD, C09, INF, INS, YTH), the infant's adult (1-based), the passport. */
  ptc?: string; infant_of?: number | null; extra_seat?: boolean;
  document?: { type: string; number: string; issuing_country: string | null; nationality: string | null; expiry: string | null } | null;
}
/** A flight of a pasted display that is not imported (its status holds no seat), shown so nothing is dropped unseen. */
export interface LeftOutSegment { line: number; flight_number: string; origin: string; destination: string; date: string; status: string; change: string | null }
/** The systems whose displays Safar reads. */
export type DisplayGds = 'amadeus' | 'sabre' | 'galileo' | 'apollo' | 'worldspan';
export interface PreviewIssue {
  line: number; message: string;
  /** unread: a line that looks like a name, flight, ticket or fare line and was not read (`text` is the line). */
  kind?: 'unread' | 'status' | 'airport' | 'airline' | 'seats' | 'ticket' | 'order' | 'passenger';
  text?: string;
  /** What it is (unread_flight, status_canceled, unknown_airport...) and its values: the app words it from these. */
  code?: string; params?: Record<string, string | number>;
}
export interface PnrPreview {
  source: 'supplier' | 'display';
  pnr: string | null;
  supplier: string | null;
  supplier_status: string | null;
  passengers: PreviewPassenger[];
  segments: PreviewSegment[];
  /** The supplier's fare per passenger type (major units) when known; a pasted display leaves it to staff. */
  fares: { type: PaxType; base: string; taxes: string }[];
  total: { amount: string; currency: string } | null;
  warnings: PreviewIssue[];
  errors: PreviewIssue[];
  /** A pasted display: which system printed it (null when none could be told), the airlines' own locators, the flights left out. */
  gds?: DisplayGds | null;
  airline_locators?: { airline: string; locator: string }[];
  left_out?: LeftOutSegment[];
  /** Lines that looked like names or flights and were not read: saving needs `unread_checked: true` then. */
  unread_lines?: number;
  /** Already a booking here. */
  booking_id: number | null;
}

