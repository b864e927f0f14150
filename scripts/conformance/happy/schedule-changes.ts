/**
 * An airline's schedule change, end to end: the demo agent books four seats on one embedded flight months ahead
 * (three ticketed, one held), staff retime that flight in the supplier console, and each booking answers the
 * change its own way: accepted, rebooked onto another flight, refunded (staff approve), the hold canceled. Then
 * staff give back what is left and retime the flight to its own times again; the supplier console keeps that
 * day's timetable entry, at the flight's own times.
 */
import type { Happy } from './runner';
import { hold, refundableOffers, settle, type Booking, type Segment } from './flights';

const base = 'POST /api/bookings/flight/{pnr}/schedule-changes/{id}';
const hhmm = (iso: string) => iso.slice(11, 16);
/** A local time moved by `minutes`, kept on the same day (moved the other way when it would cross midnight). */
function shifted(time: string, minutes: number): string {
  const at = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const to = at + minutes < 24 * 60 ? at + minutes : at - minutes;
  return `${String(Math.floor(to / 60)).padStart(2, '0')}:${String(to % 60).padStart(2, '0')}`;
}

/** The booking's change not yet answered. */
async function changeOf(h: Happy, b: Booking): Promise<number> {
  const changes = (await h.read<{ data: { id: number; answer: string | null }[] }>('agent', `/api/bookings/flight/${b.pnr}/schedule-changes`)).data;
  const open = changes.find((c) => c.answer === null);
  if (!open) throw new Error(`booking ${b.pnr} got no schedule change`);
  return open.id;
}

export async function scheduleChanges(h: Happy) {
  // A day far ahead, on a route the demo bookings do not fly, so no one else's booking is on the flight.
  const [offer] = await refundableOffers(h, 'ISB', 'DXB', h.day(200 + Math.floor(Math.random() * 100)));
  const made: Booking[] = [];
  let flight: Segment | undefined;
  try {
    for (const name of ['Delta', 'Echo', 'Foxtrot', 'Golf']) made.push(await hold(h, offer, name));
    const [accepted, rebooked, refunded, canceled] = made;
    for (const b of [accepted, rebooked, refunded]) await h.write('agent', 'POST /api/confirm-pnr', { id: b.id });
    flight = accepted.itinerary.journeys[0].segments[0];
    await h.write('reservation', 'POST /api/supplier-console/flight-changes', {
      flight_number: flight.flight_number, date: flight.departure_at.slice(0, 10), action: 'retime',
      departure_time: shifted(hhmm(flight.departure_at), 30), arrival_time: shifted(hhmm(flight.arriving_at), 30),
    });

    await h.write('agent', `${base}/accept`, undefined, { pnr: accepted.pnr, id: await changeOf(h, accepted) });
    const change = await changeOf(h, rebooked);
    const [option] = (await h.read<{ data: { offer_id: string }[] }>('agent', `/api/bookings/flight/${rebooked.pnr}/schedule-changes/${change}/options`)).data;
    if (!option) throw new Error(`booking ${rebooked.pnr} is offered no other flight`);
    await h.write('agent', `${base}/rebook`, { offer_id: option.offer_id }, { pnr: rebooked.pnr, id: change });
    await h.write('agent', `${base}/refund`, undefined, { pnr: refunded.pnr, id: await changeOf(h, refunded) });
    await h.write('reservation', 'POST /api/bookings/{id}/refund', {}, { id: refunded.id });
    await h.write('agent', `${base}/cancel`, undefined, { pnr: canceled.pnr, id: await changeOf(h, canceled) });
  } finally {
    await settle(h, made.map((b) => b.id));
    if (flight) {
      await h.write('reservation', 'POST /api/supplier-console/flight-changes', {
        flight_number: flight.flight_number, date: flight.departure_at.slice(0, 10), action: 'retime', departure_time: hhmm(flight.departure_at), arrival_time: hhmm(flight.arriving_at),
      });
    }
  }
}
