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
export interface PreviewPassenger { type: PaxType; title: string; first_name: string; last_name: string; dob: string | null; ticket_number?: string | null }
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
  warnings: { line: number; message: string }[];
  errors: { line: number; message: string }[];
  /** Already a booking here. */
  booking_id: number | null;
}

