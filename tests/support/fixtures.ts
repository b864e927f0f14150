import { expect } from 'vitest';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { defaultSuppliers, registerFlightSuppliers } from '../../server/bookings/suppliers';
import type { setupApi, TestClient } from './api';

type Api = Awaited<ReturnType<typeof setupApi>>;

let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A bookable fake supplier beside the real ones, so a test can hold bookings without searching. */
export function withFakeFlights(api: Api) {
  const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
  registerFlightSuppliers(api.ctx, [fake, ...defaultSuppliers(api.ctx)]);
  return () => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: inDays(30), flight_no: `PK${700 + seq++}` }] });
}

/** A saved traveller (or a passenger) that passes every rule; names differ per call so bookings never look duplicate. */
export const travellerBody = (over: Record<string, unknown> = {}) => ({
  type: 'ADT', title: 'Mr', first_name: `Fixture${letters(seq++)}`, last_name: 'Raza', gender: 'M', dob: '1988-02-03', nationality: 'PK',
  document_type: 'passport', document_no: `FX${1000000 + seq++}`, expiry_date: inDays(3650), issue_country: 'PK', ...over,
});

export const contact = { email: 'fixture.traveller@example.com', phone: '+92 300 7654321', country: 'PK' };

/** A held (unpaid) booking of the caller on a fake offer. */
export async function heldBooking(client: TestClient, offer: () => string) {
  const res = await client.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'hold' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; pnr: string; status: string };
}

/** A direct booking body for staff to enter for an agent (pending until staff ticket it). */
export const directBody = (agentId: number, over: Record<string, unknown> = {}) => ({
  agent_id: agentId, source: 'manual', airline_pnr: 'PK7QX2',
  segments: [{ airline: 'PK', flight_number: 'PK203', booking_class: 'Y', cabin: 'Y', date: inDays(20), origin: 'LHE', destination: 'JED', departure_time: '03:00', arrival_time: '06:20' }],
  passengers: [{ type: 'ADT', title: 'Mr', first_name: `Direct${letters(seq++)}`, last_name: 'Butt' }],
  fares: [{ type: 'ADT', base: '60000.00', taxes: '12500.00' }],
  margin: '0', ...over,
});

export async function directBookingFor(staff: TestClient, agentId: number) {
  const res = await staff.post('/api/admin-booking', directBody(agentId));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; pnr: string };
}
