import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { contact, dayFrom, firstOffer, freeSeat, fundAgent, offerMaps, pax } from '../support/flight-extras';

/**
 * Twin requests with one Idempotency-Key, the second overtaken right after looking for its key: by the time it reads
 * the seat maps, the first request's seat is taken, and it must still answer the first purchase.
 */
const api = await setupApi();

type Prepared = { execute: (...args: unknown[]) => Promise<unknown> };
type Session = { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => Prepared };

/**
 * Holds the answer of the next look-up of a purchase by its key until `release`; `looked` settles when it has
 * arrived. The look-up is caught where drizzle prepares it, the same on either database.
 */
function holdNextKeyLookup() {
  const session = (api.db as unknown as { session: Session }).session;
  const prepare = session.prepareQuery;
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const looked = new Promise<void>((resolve) => {
    session.prepareQuery = function (this: Session, query, ...rest) {
      const prepared = prepare.call(this, query, ...rest);
      if (!/from "extra_purchases"/.test(query.sql) || !/"idempotency_key" = /.test(query.sql)) return prepared;
      delete (session as Partial<Session>).prepareQuery; // once: the prototype's again
      const execute = prepared.execute.bind(prepared);
      prepared.execute = async (...args) => {
        const answer = await execute(...args);
        resolve();
        await released;
        return answer;
      };
      return prepared;
    };
  });
  return { looked, release };
}

describe('POST /api/bookings/flight/{pnr}/extras, twins with one key', () => {
  it('the overtaken twin answers the purchase the first one made, and the wallet is charged once', async () => {
    await fundAgent(api, 500_000_00, 'extras-twins');
    const agent = await api.as('agent');
    const offer = await firstOffer(agent, { origin: 'KHI', destination: 'JED', departure_date: dayFrom(api, 41), adults: 2 });
    const made = await agent.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Eman'), pax('Faraz')], payment_method: 'hold' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const pnr = made.body.data.pnr as string;
    const [map] = await offerMaps(agent, offer.id);
    const body = { seats: [{ passenger: 0, segment_id: map.segment_id, designator: freeSeat(map, 'paid').designator }] };
    const url = `/api/bookings/flight/${pnr}/extras`;
    const headers = { 'idempotency-key': 'extras-twin-0001' };

    const gate = holdNextKeyLookup();
    const overtaken = agent.post(url, body, headers);
    await gate.looked; // it found no purchase with its key
    const first = await agent.post(url, body, headers);
    gate.release();
    const second = await overtaken;

    expect([first.status, second.status], JSON.stringify(second.body)).toEqual([201, 200]);
    expect(second.body.data).toEqual(first.body.data);
    const details = await agent.get('/api/get-customer-flight-booking-details', { pnr });
    expect(details.body.data.extras).toHaveLength(1);
  }, 60_000); // the first search builds the embedded network
});
