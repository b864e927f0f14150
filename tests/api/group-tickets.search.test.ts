import { expect, it } from 'vitest';
import { addDays, todayInZone } from '../../contract/flights';
import { expandSearchResponse } from '../../contract/flight-wire';
import { setupApi } from '../support/api';

const api = await setupApi();

it('a published group ticket shows in GET /flights as an own-inventory fare and its detail loads by the sooper path', async () => {
  const day = addDays(todayInZone('UTC'), 25);
  const admin = await api.as('admin');
  const t = await admin.post('/api/group-tickets', { airline_code: 'PK', flight_number: '741', origin: 'KHI', destination: 'JED', departure_date: day, departure_time: '04:30', arrival_time: '07:15', seats_total: 20, price: '9000' });
  expect(t.status).toBe(201);
  const res = await api.client().get('/api/flights', { origin: 'KHI', destination: 'JED', departure_date: day, adults: 1, limit: 200 });
  expect(res.status).toBe(200);
  const own = res.body.flights.filter((f: { is_sooper_flight: boolean }) => f.is_sooper_flight);
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ supplier: 'sooper', price: { amount: '9000.00' } });
  const detail = await api.client().get(`/api/flight/${own[0].id}/sooper/1`);
  expect(detail.status).toBe(200);
  expect(detail.body.data).toMatchObject({ is_sooper_flight: true, fare_family: 'Group fare' });
  // The search sends fares in short form; read back they are the detail's fares, a party of three included.
  const party = await api.client().get('/api/flights', { origin: 'KHI', destination: 'JED', departure_date: day, adults: 2, children: 1, limit: 200 });
  const offer = expandSearchResponse(party.body).flights.find((f) => f.is_sooper_flight)!;
  const full = await api.client().get(`/api/flight/${offer.id}/sooper/1`);
  const fareOf = ({ type, count, base, taxes, total_per_person, total }: Record<string, unknown>) => ({ type, count, base, taxes, total_per_person, total });
  expect(offer.fares).toEqual(full.body.data.fares.map(fareOf));
  expect(offer.fares.map((f) => f.total.amount)).toEqual(['18000.00', expect.stringMatching(/^\d+\.00$/)]);
  // Ids are signed: one with a later issue time (to outlive its 30 minutes) is not ours.
  const forged = own[0].id.replace(/-(\d{10,15})\./, (_: string, t: string) => `-${Number(t) + 3_600_000}.`);
  expect(forged).not.toBe(own[0].id);
  expect((await api.client().get(`/api/flight/${forged}/sooper/1`)).status).toBe(404);
});
