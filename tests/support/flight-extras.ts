/** Shared pieces of the flight extras API tests: embedded offers, their maps and bags, passengers and bookings. */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { expandSearchResponse } from '../../contract/flight-wire';
import type { BagOption } from '../../contract/flight-extras';
import type { FlightOffer } from '../../contract/flights';
import type { SeatElement, SeatMap } from '../../contract/seat-maps';
import { users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import type { setupApi, TestClient } from './api';

type Api = Awaited<ReturnType<typeof setupApi>>;

export const contact = { email: 'extras@example.com', phone: '+92 300 5556669', country: 'PK' };
export const pax = (first: string, type: 'ADT' | 'CNN' | 'INF' = 'ADT') => ({
  type, title: type === 'ADT' ? 'Mr' : 'Mstr', first_name: first, last_name: 'Extra', gender: 'M',
  dob: type === 'ADT' ? '1981-02-01' : type === 'CNN' ? '2019-02-01' : '2026-03-01', nationality: 'PK',
  document_type: 'passport', document_no: 'EX1234567', expiry_date: '2036-01-01', issue_country: 'PK',
});

export const dayFrom = (api: Api, n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

export async function firstOffer(c: TestClient, query: Record<string, string | number>): Promise<FlightOffer> {
  const search = await c.get('/api/flights', { adults: 1, flightType: 'one-way', ...query });
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  return expandSearchResponse(search.body).flights[0];
}

export const seatsOf = (map: SeatMap): SeatElement[] =>
  map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.filter((e): e is SeatElement => e.type === 'seat'))));

export async function offerMaps(c: TestClient, offerId: string): Promise<SeatMap[]> {
  const res = await c.get(`/api/offers/${encodeURIComponent(offerId)}/seat-map`);
  expect(res.status).toBe(200);
  return res.body.data;
}
export async function offerBags(c: TestClient, offerId: string): Promise<BagOption[]> {
  const res = await c.get(`/api/offers/${encodeURIComponent(offerId)}/services`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.bags;
}

/** A free seat with or without a price, or an exit-row seat. */
export const freeSeat = (map: SeatMap, want: 'paid' | 'free' | 'exit' | 'any' = 'any', skip: string[] = []) => seatsOf(map).find((s) => s.available && !skip.includes(s.designator) && (
  want === 'any' || (want === 'exit' ? s.characteristics.includes('exit_row') : want === 'paid' ? s.price!.amount !== '0.00' && !s.characteristics.includes('exit_row') : s.price!.amount === '0.00')
))!;

export const agentId = async (api: Api) => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
export async function fundAgent(api: Api, minor: number, ref: string) {
  const id = await agentId(api);
  await creditWallet(api.db, { agentId: id, amountMinor: minor, type: 'deposit', reference: `test:${ref}`, description: 'test' });
  return id;
}

export const minor = (amount: string) => Math.round(Number(amount) * 100);
