/**
 * Offline mode of the booking-status setting: POST bookings keeps a local PNR instead of reserving with the
 * supplier; staff issue the ticket with the airline by hand and enter its numbers (update-booking).
 */
import { randomInt } from 'node:crypto';
import type { FlightOfferDetail } from '../../contract/flights';
import type { Contact, Order, Passenger } from '../suppliers/flight/types';
export { bookingMode } from './settings';

export const OFFLINE_SUPPLIER = 'offline';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function localOrder(offerId: string, offer: FlightOfferDetail, passengers: Passenger[], contact: Contact, at: Date): Order {
  const pnr = Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  const stamp = at.toISOString();
  return { pnr, supplier: OFFLINE_SUPPLIER, offer_id: offerId, status: 'booked', offer, passengers, contact, tickets: [], created_at: stamp, updated_at: stamp };
}
