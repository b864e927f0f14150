import { afterAll, describe, expect, it } from 'vitest';
import { Duffel } from '@duffel/api';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { startDuffelSim } from '../support/duffel-sim';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { DuffelFlightSupplier } from '../../server/suppliers/duffel/supplier';
import { bookingExtras, bookings, seatAssignments, users } from '../../server/db/schema';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import type { SeatElement, SeatMap } from '../../contract/seat-maps';
import type { BagOption } from '../../contract/flight-extras';

/**
 * Seats and bags of a Duffel offer through Safar's own endpoints, against the Duffel simulator: its seat maps and
 * checked bags in our shapes and in PKR at staff's rate, a booking whose Duffel order (read back with Duffel's
 * official client) carries the chosen seat and bag and was paid with them, and choices Duffel does not sell refused
 * before anything is booked.
 */
const sim = await startDuffelSim();
afterAll(() => sim.close());
const api = await setupApi({ duffel: { token: sim.token, apiUrl: sim.url, searchBudgetMs: 2000 } });
registerFlightSuppliers(api.ctx, [new DuffelFlightSupplier(api.ctx.config.duffel!, () => new Date())]);
const duffel = new Duffel({ token: sim.token, basePath: sim.url });

await (await api.as('accounts')).put('/api/exchange-rates/USD', { rate: '280.50' });
/** A USD amount at 280.50, in whole rupees as every price is. */
const pkr = (usd: string) => Math.round(Number(usd) * 280.5).toFixed(2);

const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
await creditWallet(api.db, { agentId, amountMinor: 20_000_000_00, type: 'deposit', reference: 'test:duffel-extras', description: 'test float' });
const agent = await api.as('agent');

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const traveller = (first: string) => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Qureshi', gender: 'M', dob: '1984-05-06', nationality: 'PK',
  document_type: 'passport', document_no: `QX${first.length}44551`, expiry_date: '2034-01-01', issue_country: 'PK',
});
const contact = { email: 'duffel.extras@example.com', phone: '+92 300 4445556', country: 'PK' };

/** A Duffel offer for two adults on a day, its seat maps and bag options as Safar answers them. */
async function duffelOffer(days: number) {
  const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(days), adults: 2, cabin_class: 'Y', limit: 200 });
  expect(res.status).toBe(200);
  const offer = res.body.flights.find((f: { supplier: string }) => f.supplier === 'duffel') as { id: string; price: { amount: string } };
  const maps = await agent.get(`/api/offers/${offer.id}/seat-map`);
  expect(maps.status).toBe(200);
  const services = await agent.get(`/api/offers/${offer.id}/services`);
  expect(services.status).toBe(200);
  return { offer, maps: maps.body.data as SeatMap[], bags: services.body.data.bags as BagOption[] };
}
const seatsOf = (m: SeatMap) => m.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements))).filter((e): e is SeatElement => e.type === 'seat');
const book = (id: string, names: string[], extras: unknown) =>
  agent.post('/api/bookings', { flight_id: id, supplier: 'duffel', main_contact: contact, travellers: names.map(traveller), payment_method: 'hold', extras });
const bookingCount = async () => (await api.db.select({ id: bookings.id }).from(bookings)).length;

describe('a Duffel offer’s seats and bags', () => {
  it('answers Duffel’s seat maps in our shape, a seat for sale priced in PKR at the rate, a taken one unavailable', async () => {
    const { offer, maps } = await duffelOffer(50);
    const raw = (await duffel.seatMaps.get({ offer_id: offer.id })).data;
    const rawOffer = (await duffel.offers.get(offer.id)).data;
    expect(maps).toHaveLength(raw.length);
    const first = rawOffer.slices[0].segments[0];
    expect(maps[0]).toMatchObject({
      segment_id: `${first.marketing_carrier.iata_code}${first.marketing_carrier_flight_number}-${first.departing_at.slice(0, 10)}`,
      flight_number: `${first.marketing_carrier.iata_code}${first.marketing_carrier_flight_number}`, cabins: [{ cabin_class: 'Y' }],
    });
    const rawSeats = raw[0].cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
      .filter((e) => e.type === 'seat') as { designator: string; available_services: { total_amount: string }[] }[];
    const forSale = rawSeats.find((s) => s.available_services.length > 0)!;
    const taken = rawSeats.find((s) => s.available_services.length === 0)!;
    const ours = new Map(seatsOf(maps[0]).map((s) => [s.designator, s]));
    expect(ours.get(forSale.designator)).toMatchObject({ available: true, price: { amount: pkr(forSale.available_services[0].total_amount), currency: 'PKR' } });
    expect(ours.get(taken.designator)).toMatchObject({ available: false, price: null });
    expect(ours.size).toBe(rawSeats.length);
    expect(seatsOf(maps[0]).some((s) => s.characteristics.includes('window'))).toBe(true);
    expect(maps[0].cabins[0].rows.some((r) => r.sections.some((s) => s.elements.some((e) => e.type === 'exit_row')))).toBe(true);
  });

  it('answers its checked bags as bag options on the slice’s first segment: weight, most per passenger, PKR price', async () => {
    const { offer, maps, bags } = await duffelOffer(51);
    const rich = (await duffel.offers.get(offer.id, { return_available_services: true })).data;
    const bag = rich.available_services.find((s) => s.type === 'baggage')!;
    expect(bags).toEqual([{
      id: `dbag23-${maps[0].segment_id}`, segment_id: maps[0].segment_id, weight_kg: 23, maximum_quantity: bag.maximum_quantity,
      price: { amount: pkr(bag.total_amount), currency: 'PKR' },
    }]);
    expect(JSON.stringify(bags)).not.toContain('ase_');
  });

  it('Duffel books no services with a hold order (its hold guide): the simulator refuses them as the real API does', async () => {
    const { offer, bags } = await duffelOffer(54);
    const raw = (await duffel.offers.get(offer.id, { return_available_services: true })).data;
    expect(bags.length).toBeGreaterThan(0);
    const passengers = raw.passengers.map((p, i) => ({
      id: p.id, title: 'mr' as const, gender: 'm' as const, given_name: `Held${'ab'[i]}`, family_name: 'Qureshi', born_on: '1984-05-06',
      email: contact.email, phone_number: '+923004445556', identity_documents: [{ type: 'passport', unique_identifier: `HQ${i}1`, issuing_country_code: 'PK', expires_on: '2034-01-01' }],
    }));
    const refused = await duffel.orders.create({ type: 'hold', selected_offers: [offer.id], passengers, services: [{ id: raw.available_services[0].id, quantity: 1 }] } as never)
      .then(() => null, (e: { errors: { code: string }[] }) => e.errors[0].code);
    expect(refused).toBe('services_not_allowed');
  });

  it('an offer Duffel does not know is 404 for its seat maps and its bags', async () => {
    expect((await agent.get('/api/offers/off_0000UnknownOffer/seat-map')).status).toBe(404);
    expect((await agent.get('/api/offers/off_0000UnknownOffer/services')).status).toBe(404);
  });
});

describe('a Duffel booking with a seat and a bag', () => {
  it('prices them from Duffel, and the Duffel order made at payment carries them and was paid with them', async () => {
    const { offer, maps, bags } = await duffelOffer(52);
    const seat = seatsOf(maps[0]).find((s) => s.available && s.designator.length <= 3)!;
    const segment = maps[0].segment_id;
    const res = await book(offer.id, ['Bilal', 'Danish'], {
      seats: [{ passenger: 1, segment_id: segment, designator: seat.designator }],
      bags: [{ passenger: 0, segment_id: segment, service_id: bags[0].id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, res.body.data.id));
    const seatMinor = Math.round(Number(seat.price!.amount) * 100), bagMinor = Math.round(Number(bags[0].price.amount) * 100);
    expect(row.totalMinor).toBe(Math.round(Number(offer.price.amount) * 100) + seatMinor + bagMinor);
    // Duffel books no services with a hold order: the order is made when the booking is paid.
    const remote = (row.supplierOrder as { remote: { order_id: string | null; amount: string; services: { id: string; quantity: number }[] } }).remote;
    expect(remote.order_id).toBeNull();
    expect(remote.services).toHaveLength(2);
    const extras = await api.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, row.id));
    expect(extras.map((e) => [e.kind, e.passenger, e.designator ?? e.serviceId, e.priceMinor]).sort()).toEqual([
      ['bag', 0, bags[0].id, bagMinor], ['seat', 1, seat.designator, seatMinor],
    ]);
    // Duffel holds its own seats: none is taken in ours.
    expect(await api.db.select().from(seatAssignments).where(eq(seatAssignments.bookingId, row.id))).toEqual([]);

    const before = (await walletBalance(api.db, agentId)).balanceMinor;
    const paid = await agent.post('/api/confirm-pnr', { id: row.id });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('ticketed');
    expect((await walletBalance(api.db, agentId)).balanceMinor).toBe(before - row.totalMinor);

    const [after] = await api.db.select().from(bookings).where(eq(bookings.id, row.id));
    const orderId = (after.supplierOrder as { remote: { order_id: string } }).remote.order_id;
    const order = (await duffel.orders.get(orderId)).data;
    const rawOffer = (await duffel.offers.get(offer.id)).data;
    const seatService = order.services.find((s) => s.type === 'seat')!;
    const bagService = order.services.find((s) => s.type === 'baggage')!;
    expect(seatService.passenger_ids).toEqual([order.passengers[1].id]);
    expect((seatService.metadata as { designator: string }).designator).toBe(seat.designator);
    expect(bagService).toMatchObject({ quantity: 1, passenger_ids: [order.passengers[0].id] });
    expect(order.passengers.map((p) => p.given_name)).toEqual(['Bilal', 'Danish']);
    // The simulator refuses a payment that is not the order's total with its services; this is that total.
    const total = (Number(rawOffer.total_amount) + Number(seatService.total_amount) + Number(bagService.total_amount)).toFixed(2);
    expect(order.total_amount).toBe(total);
    expect(remote.amount).toBe(total);
    // After booking Duffel sells no services: said plainly, nothing charged.
    const later = await agent.post(`/api/bookings/flight/${after.pnr}/extras`, { seats: [], bags: [{ passenger: 0, segment_id: segment, service_id: bags[0].id, quantity: 1 }] });
    expect(later.status).toBe(422);
    expect(later.body.errors.seats).toEqual(['This airline sells seats and bags only with the booking, not after it.']);
    expect((await walletBalance(api.db, agentId)).balanceMinor).toBe(before - row.totalMinor);
  });

  it('a seat Duffel no longer sells is 409 and a bag it does not sell 422, and nothing is booked', async () => {
    const { offer, maps, bags } = await duffelOffer(53);
    const segment = maps[0].segment_id;
    const taken = seatsOf(maps[0]).find((s) => !s.available && s.designator.length <= 3)!;
    const count = await bookingCount();

    const seat = await book(offer.id, ['Ehsan', 'Farhan'], { seats: [{ passenger: 0, segment_id: segment, designator: taken.designator }] });
    expect(seat.status).toBe(409);
    expect(seat.body.errors['extras.seats.0.designator']).toEqual(['This seat has just been taken. Please choose another.']);

    const bag = await book(offer.id, ['Ehsan', 'Farhan'], { bags: [{ passenger: 0, segment_id: segment, service_id: `dbag99-${segment}`, quantity: 1 }] });
    expect(bag.status).toBe(422);
    expect(bag.body.errors['extras.bags.0.service_id']).toEqual(['This flight does not sell this bag.']);

    const many = await book(offer.id, ['Ehsan', 'Farhan'], { bags: [{ passenger: 0, segment_id: segment, service_id: bags[0].id, quantity: 3 }] });
    expect(many.status).toBe(422);
    expect(many.body.errors['extras.bags.0.quantity']).toEqual(['At most three bags per passenger and flight.']);

    expect(await bookingCount()).toBe(count);
  });
});
