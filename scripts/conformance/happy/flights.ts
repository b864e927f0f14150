/**
 * Flight bookings of the demo agent (paid from its wallet, which the run puts back at its end) on the embedded
 * supplier's refundable fares, weeks ahead: a hold with a bag bought after booking, canceled; one booked at the
 * API's base, ticketed, its void asked for and approved; one ticketed, moved to another flight, its refund asked for,
 * rejected, asked for again by staff and approved. Canceled, voided and refunded bookings stay in the history.
 */
import type { Actor, Happy } from './runner';

type Money = { amount: string; currency: string };
export interface Segment { flight_number: string; departure_at: string; arriving_at: string }
export interface Booking { id: number; pnr: string; status: string; itinerary: { journeys: { segments: Segment[] }[] } }
export interface Offer { id: string; supplier: string; refundable: boolean; stops: number }

/** Refundable direct offers of a one-way search for one adult: their fares allow changes and refunds. */
export async function refundableOffers(h: Happy, from: string, to: string, date: string): Promise<Offer[]> {
  const res = await h.read<{ flights: Offer[] }>('agent', `/api/flights?origin=${from}&destination=${to}&departure_date=${date}&adults=1&limit=40`);
  const offers = res.flights.filter((f) => f.refundable && f.stops === 0);
  if (offers.length < 2) throw new Error(`the search ${from}-${to} on ${date} found fewer than two refundable direct offers`);
  return offers;
}

/** A passenger whose names (letters only) say which run and which booking they belong to. */
export const traveller = (h: Happy, name: string) => ({
  type: 'ADT', title: 'Mr', first_name: name, last_name: `Conformance ${h.run}`, gender: 'M', dob: '1988-02-03', nationality: 'PK',
  document_type: 'passport', document_no: 'CF1234567', expiry_date: h.day(3650), issue_country: 'PK',
});
export const contact = (h: Happy) => ({ email: h.email('flight'), phone: '+92 300 1234567', country: 'PK' });

/** A hold of one adult on an offer, by the demo agent. */
export function hold(h: Happy, offer: Offer, name: string, key = 'POST /api/bookings', actor: Actor = 'agent') {
  return h.data<Booking>(actor, key, { flight_id: offer.id, supplier: offer.supplier, main_contact: contact(h), travellers: [traveller(h, name)], payment_method: 'hold' });
}

/**
 * What our bookings still hold is given back by staff: a hold canceled, a ticket voided while its void window is
 * open, else refunded (asked for and approved), a refund already asked for approved.
 */
export async function settle(h: Happy, ids: number[]) {
  type Detail = { status: string; void_window_open: boolean; refund_open: boolean };
  for (const id of ids) {
    const b = (await h.read<{ data: Detail }>('reservation', `/api/get-booking-ops-details?id=${id}`)).data;
    if (b.status === 'booked') await h.write('reservation', 'POST /api/cancel-pnr', { id });
    else if (b.void_window_open && (b.status === 'ticketed' || b.status === 'requested')) await h.write('reservation', 'POST /api/void-booking', { id, reason: h.name('settled') });
    else if (b.status === 'ticketed' && b.refund_open) await refund(h, id, 'reservation');
    else if (b.status === 'refund_requested') await h.write('reservation', 'POST /api/bookings/{id}/refund', {}, { id });
  }
}

/** A refund asked for at the amount quoted now, then approved by staff. */
async function refund(h: Happy, id: number, who: Actor) {
  await askRefund(h, id, who);
  await h.write('reservation', 'POST /api/bookings/{id}/refund', {}, { id });
}

async function askRefund(h: Happy, id: number, who: Actor) {
  const { refund: amount } = (await h.read<{ data: { refund: Money } }>('reservation', `/api/bookings/${id}/refund-quote`)).data;
  await h.write(who, 'POST /api/bookings/{id}/request-refund', { expected_refund: amount.amount, reason: h.name('refund') }, { id });
}

export async function flightBookings(h: Happy) {
  const [first, other] = await refundableOffers(h, 'KHI', 'DXB', h.day(30));
  const made: number[] = [];
  const book = async (name: string, key?: string) => { const b = await hold(h, first, name, key); made.push(b.id); return b; };
  const reason = h.name('reason');
  try {
    const held = await book('Alpha');
    type Bag = { id: string; segment_id: string };
    const [bag] = (await h.read<{ data: { bags: Bag[] } }>('agent', `/api/bookings/flight/${held.pnr}/services`)).data.bags;
    if (!bag) throw new Error(`booking ${held.pnr} is offered no bag`);
    await h.write('agent', 'POST /api/bookings/flight/{pnr}/extras', { bags: [{ passenger: 0, segment_id: bag.segment_id, service_id: bag.id, quantity: 1 }] }, { pnr: held.pnr });
    await h.write('agent', 'POST /api/cancel-pnr', { id: held.id, reason });

    const voided = await book('Bravo', 'POST /api');
    await h.write('agent', 'POST /api/confirm-pnr', { id: voided.id });
    await h.write('agent', 'POST /api/void-booking', { id: voided.id, reason });
    await h.write('reservation', 'POST /api/approve-booking', { id: voided.id, decision: 'approve' });

    // A reissued ticket has no void window left, so its refund may be asked for at once.
    const moved = await book('Charlie');
    await h.write('agent', 'POST /api/confirm-pnr', { id: moved.id });
    const quote = (await h.read<{ data: { total: Money } }>('agent', `/api/bookings/${moved.id}/reissue-quote?flight_id=${encodeURIComponent(other.id)}&supplier=${other.supplier}`)).data;
    await h.write('agent', 'POST /api/bookings/{id}/reissue', { flight_id: other.id, supplier: other.supplier, expected_total: quote.total.amount, reason }, { id: moved.id });
    await askRefund(h, moved.id, 'agent');
    await h.write('reservation', 'POST /api/bookings/{id}/reject-refund', { reason }, { id: moved.id });
    await refund(h, moved.id, 'reservation');
  } finally {
    await settle(h, made);
  }
}
