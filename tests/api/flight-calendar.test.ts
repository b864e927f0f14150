import { describe, expect, it } from 'vitest';
import { ALL_IDENTITIES, setupApi, type Identity } from '../support/api';
import { expandSearchResponse } from '../../contract/flight-wire';
import { addDays, todayInZone } from '../../contract/flights';
import { CALENDAR_MESSAGES, priceMarks } from '../../contract/flight-calendar';
import { MESSAGES } from '../../contract/flight-rules';

const api = await setupApi();
const today = todayInZone('Etc/GMT+12');
/** YYYY-MM `n` months after the validator's current month. */
const monthAfter = (n: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const route = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y' };
const next = monthAfter(1);

async function cheapestSearch(who: Identity, query: Record<string, string | number | undefined>) {
  const res = await (await api.as(who)).get('/api/flights', { flightType: 'one-way', children: 0, infants: 0, sort: 'price', ...query });
  expect(res.status).toBe(200);
  return expandSearchResponse(res.body).flights[0]?.price ?? null;
}

describe('GET /flights/calendar', () => {
  it("answers each day's lowest price: the first offer of that day's search by price, for the asker", async () => {
    for (const who of ['anonymous', 'agent'] as const) {
      const res = await (await api.as(who)).get('/api/flights/calendar', { ...route, month: next });
      expect(res.status).toBe(200);
      const { days } = res.body.data;
      expect(days[0].date).toBe(`${next}-01`);
      expect(days.every((d: { date: string }) => d.date.startsWith(next))).toBe(true);
      for (const at of [3, 11, 24]) {
        const day = days[at];
        expect([who, day.date, day.price]).toEqual([who, day.date, await cheapestSearch(who, { ...route, departure_date: day.date })]);
        expect(['low', 'typical', 'high']).toContain(day.mark);
      }
    }
  });

  it('marks days by the quartiles of the month', () => {
    expect(priceMarks([100, 200, 300, 400, 500, null])).toEqual(['low', 'low', 'typical', 'high', 'high', null]);
    expect(priceMarks([100, 200, null])).toEqual(['typical', 'typical', null]);
  });

  it('answers the same again from memory, and nothing for days already gone', async () => {
    const c = api.client();
    const first = await c.get('/api/flights/calendar', { ...route, month: monthAfter(0) });
    const again = await c.get('/api/flights/calendar', { ...route, month: monthAfter(0) });
    expect(again.body).toEqual(first.body);
    const gone = first.body.data.days.filter((d: { date: string }) => d.date < addDays(today, -1));
    expect(gone.every((d: { price: unknown }) => d.price === null)).toBe(true);
  });

  it.each([
    ['month', { month: monthAfter(-1) }, CALENDAR_MESSAGES.pastMonth],
    ['month', { month: monthAfter(13) }, CALENDAR_MESSAGES.monthTooFar],
    ['month', { month: '2027-13' }, CALENDAR_MESSAGES.monthFormat],
    ['month', { month: undefined }, CALENDAR_MESSAGES.monthFormat],
    ['origin', { origin: 'ZZZ' }, MESSAGES.unknownAirport],
    ['destination', { destination: 'KHI' }, MESSAGES.sameAirport],
    ['cabin_class', { cabin_class: 'X' }, MESSAGES.cabin],
    ['adults', { adults: 0 }, MESSAGES.adultsMin],
  ])('422 on a bad %s (%j)', async (field, change, message) => {
    const query = Object.fromEntries(Object.entries({ ...route, month: next, ...change }).filter(([, v]) => v !== undefined));
    const res = await api.client().get('/api/flights/calendar', query);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(res.body.message).toBe(message);
  });

  it('role matrix: everyone may ask, each priced for themselves', async () => {
    for (const who of ALL_IDENTITIES) {
      const res = await (await api.as(who)).get('/api/flights/calendar', { ...route, month: next });
      expect([who, res.status]).toEqual([who, 200]);
    }
  });
});

describe('GET /flights/calendar/grid', () => {
  const depart = addDays(today, 30), ret = addDays(today, 37);

  it('answers the lowest return price for each pairing of ±3 days, as the return search does', async () => {
    for (const who of ['customer', 'agent'] as const) {
      const res = await (await api.as(who)).get('/api/flights/calendar/grid', { ...route, depart, return: ret });
      expect(res.status).toBe(200);
      const { cells } = res.body.data;
      expect(cells).toHaveLength(49);
      expect(cells[0]).toMatchObject({ departure_date: addDays(depart, -3), return_date: addDays(ret, -3) });
      for (const at of [0, 24, 48]) {
        const cell = cells[at];
        const search = await cheapestSearch(who, { ...route, flightType: 'return', departure_date: cell.departure_date, return_date: cell.return_date });
        expect([who, cell.departure_date, cell.return_date, cell.price]).toEqual([who, cell.departure_date, cell.return_date, search]);
      }
    }
  });

  it.each([
    ['return', { return: addDays(today, 20) }, MESSAGES.returnBefore],
    ['return', { return: undefined }, MESSAGES.returnRequired],
    ['depart', { depart: addDays(today, -2) }, MESSAGES.pastDate],
    ['depart', { depart: 'soon' }, MESSAGES.dateFormat],
    ['destination', { destination: 'KHI' }, MESSAGES.sameAirport],
    ['origin', { origin: 'ZZZ' }, MESSAGES.unknownAirport],
  ])('422 on a bad %s (%j)', async (field, change, message) => {
    const query = Object.fromEntries(Object.entries({ ...route, depart, return: ret, ...change }).filter(([, v]) => v !== undefined));
    const res = await api.client().get('/api/flights/calendar/grid', query);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('role matrix: everyone may ask', async () => {
    for (const who of ALL_IDENTITIES) {
      const res = await (await api.as(who)).get('/api/flights/calendar/grid', { ...route, depart, return: ret });
      expect([who, res.status]).toEqual([who, 200]);
    }
  });
});
