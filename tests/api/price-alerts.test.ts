import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../contract/flight-calendar';
import { addDays, todayInZone } from '../../contract/flights';
import { MESSAGES } from '../../contract/flight-rules';
import { parseMinor } from '../../contract/money';
import { PRICE_ALERT_MESSAGES, type PriceAlert } from '../../contract/price-alerts';
import { expectRoleMatrix } from '../support/agents';
import { setupApi } from '../support/api';
import { lowestOf, offersOf } from '../support/price-alerts';

/** Watching searches: what may be watched, by whom, at whose price; the daily job is in price-alerts.job.test.ts. */
const api = await setupApi();
const today = todayInZone('Etc/GMT+12', api.ctx.clock.now);
const day = (n: number) => addDays(today, n);
const monthAfter = (n: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const route = { origin: 'KHI', destination: 'DXB', adults: 1, cabin_class: 'Y' };

describe('POST /api/price-alerts', () => {
  it('watches a one-way search at the lowest price the owner sees, each role at its own margins', async () => {
    for (const who of ['customer', 'agent'] as const) {
      const c = await api.as(who);
      const res = await c.post('/api/price-alerts', { ...route, departure_date: day(40) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const alert = res.body.data as PriceAlert;
      const lowest = lowestOf(await offersOf(c, { ...route, departure_date: day(40) }));
      expect(parseMinor(alert.price!.amount)).toBe(lowest);
      expect(alert.notice_price).toEqual(alert.price);
      expect(alert).toMatchObject({ origin: 'KHI', destination: 'DXB', departure_date: day(40), return_date: null, month: null, adults: 1, cabin_class: 'Y' });
      const base = who === 'agent' ? '/agent/dashboard-flights' : '/flight/search';
      expect(alert.search_path).toBe(`${base}?flightType=one-way&origin=KHI&destination=DXB&departure_date=${day(40)}&adults=1&cabin_class=Y`);
    }
  });

  it('watches a return trip and a whole month (the calendar\'s cheapest day)', async () => {
    const c = await api.as('customer');
    const ret = await c.post('/api/price-alerts', { ...route, origin: 'LHE', departure_date: day(45), return_date: day(52), adults: 2 });
    expect(ret.status, JSON.stringify(ret.body)).toBe(201);
    const offers = await offersOf(c, { ...route, origin: 'LHE', flightType: 'return', departure_date: day(45), return_date: day(52), adults: 2 });
    expect(parseMinor(ret.body.data.price.amount)).toBe(lowestOf(offers));
    expect(ret.body.data.search_path).toContain(`flightType=return&origin=LHE&destination=DXB&departure_date=${day(45)}&return_date=${day(52)}&adults=2`);

    const month = monthAfter(2);
    const res = await c.post('/api/price-alerts', { ...route, month });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cal = await c.get('/api/flights/calendar', { ...route, month });
    const cheapest = Math.min(...cal.body.data.days.filter((d: { price: unknown }) => d.price).map((d: { price: { amount: string } }) => parseMinor(d.price.amount)!));
    expect(parseMinor(res.body.data.price.amount)).toBe(cheapest);
    expect(res.body.data).toMatchObject({ month, departure_date: null });
    expect(res.body.data.search_path).toContain(`departure_date=${month}-01`);
  });

  it('refuses the same route and dates twice, even asked twice at once', async () => {
    const c = await api.as('customer');
    const body = { ...route, destination: 'JED', departure_date: day(33) };
    const both = await Promise.all([c.post('/api/price-alerts', body), c.post('/api/price-alerts', body)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await c.post('/api/price-alerts', { ...body, cabin_class: 'C' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRICE_ALERT_MESSAGES.duplicate);
    // Another owner may watch it too.
    expect((await (await api.as('agent')).post('/api/price-alerts', body)).status).toBe(201);
  });

  it('answers 422 with each field\'s own message', async () => {
    const c = await api.as('customer');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...route, origin: '', departure_date: day(30) }, 'origin', MESSAGES.airportRequired],
      [{ ...route, origin: 'ZZZ', departure_date: day(30) }, 'origin', MESSAGES.unknownAirport],
      [{ ...route, destination: 'KHI', departure_date: day(30) }, 'destination', MESSAGES.sameAirport],
      [{ ...route }, 'departure_date', MESSAGES.dateFormat],
      [{ ...route, departure_date: day(-2) }, 'departure_date', MESSAGES.pastDate],
      [{ ...route, departure_date: day(30), return_date: day(20) }, 'return_date', MESSAGES.returnBefore],
      [{ ...route, adults: 0, departure_date: day(30) }, 'adults', MESSAGES.adultsMin],
      [{ ...route, cabin_class: 'Q', departure_date: day(30) }, 'cabin_class', MESSAGES.cabin],
      [{ ...route, month: 'May' }, 'month', CALENDAR_MESSAGES.monthFormat],
      [{ ...route, month: monthAfter(-1) }, 'month', CALENDAR_MESSAGES.pastMonth],
      [{ ...route, month: monthAfter(13) }, 'month', CALENDAR_MESSAGES.monthTooFar],
      [{ ...route, month: monthAfter(1), departure_date: day(30) }, 'month', PRICE_ALERT_MESSAGES.datesOrMonth],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/price-alerts', body);
      expect([field, res.status, res.body.errors?.[field]]).toEqual([field, 422, [message]]);
    }
    expect((await c.get('/api/price-alerts')).body.data.some((a: PriceAlert) => a.origin === 'ZZZ')).toBe(false);
  });

  it('admits customers and approved agents only', async () => {
    let n = 0;
    await expectRoleMatrix(api.as, (c) => c.post('/api/price-alerts', { ...route, destination: 'RUH', departure_date: day(60 + n++) }), { customer: 201, agent: 201 });
  });
});

describe('GET and DELETE /api/price-alerts', () => {
  it('lists the owner\'s own alerts priced now, and removes only the owner\'s own', async () => {
    const customer = await api.as('customer');
    const agent = await api.as('agent');
    const mine = (await customer.post('/api/price-alerts', { ...route, destination: 'DOH', departure_date: day(41) })).body.data as PriceAlert;
    const theirs = (await agent.post('/api/price-alerts', { ...route, destination: 'DOH', departure_date: day(42) })).body.data as PriceAlert;
    const list = (await customer.get('/api/price-alerts')).body.data as PriceAlert[];
    expect(list.map((a) => a.id)).toContain(mine.id);
    expect(list.map((a) => a.id)).not.toContain(theirs.id);
    expect(list.find((a) => a.id === mine.id)!.price).toEqual(mine.price);

    expect((await customer.delete(`/api/price-alerts/${theirs.id}`)).status).toBe(404);
    const gone = await customer.delete(`/api/price-alerts/${mine.id}`);
    expect([gone.status, gone.body.message]).toEqual([200, PRICE_ALERT_MESSAGES.removed]);
    expect((await customer.delete(`/api/price-alerts/${mine.id}`)).status).toBe(404);
    expect((await customer.get('/api/price-alerts')).body.data.map((a: PriceAlert) => a.id)).not.toContain(mine.id);
    expect((await agent.get('/api/price-alerts')).body.data.map((a: PriceAlert) => a.id)).toContain(theirs.id);
  });

  it('admits customers and approved agents only', async () => {
    await expectRoleMatrix(api.as, (c) => c.get('/api/price-alerts'), { customer: 200, agent: 200 });
    await expectRoleMatrix(api.as, (c) => c.delete('/api/price-alerts/999999'), { customer: 404, agent: 404 });
  });
});
