import { describe, expect, it } from 'vitest';
import { expandSearchResponse } from '../../contract/flight-wire';
import { addDays, todayInZone, type FlightOffer } from '../../contract/flights';
import { flightSuppliers } from '../../server/bookings/suppliers';
import { EmbeddedFlightSupplier } from '../../server/suppliers/flight/embedded';
import { setScheduleOverrides } from '../../server/suppliers/flight/schedule-overrides';
import { setupApi } from '../support/api';
import { keysOf, sell } from '../support/price-alerts';

/**
 * The calendar keeps a day's lowest price for a minute, but never past a change to what priced it: seats sold or
 * given back on the day (a fare's last seat taken, a booking class moved) or an airline's change to a flight
 * (the supplier console's schedule overrides). The clock stands still here, so the minute never runs out: every
 * new answer below is the cache dropping the day, not its age.
 */
const api = await setupApi();
const today = todayInZone('Etc/GMT+12', api.ctx.clock.now);
const month = addDays(today, 45).slice(0, 7);
const route = { origin: 'KHI', destination: 'JED', adults: 1, cabin_class: 'Y' };
const net = () => flightSuppliers(api.ctx).list().find((s): s is EmbeddedFlightSupplier => s instanceof EmbeddedFlightSupplier)!.net;

async function offersOn(date: string): Promise<FlightOffer[]> {
  const res = await api.client().get('/api/flights', { ...route, flightType: 'one-way', departure_date: date, sort: 'price', limit: 200 });
  expect(res.status).toBe(200);
  return expandSearchResponse(res.body).flights;
}
async function calendarDay(date: string) {
  const res = await api.client().get('/api/flights/calendar', { ...route, month });
  expect(res.status).toBe(200);
  return (res.body.data.days as { date: string; price: { amount: string } | null }[]).find((d) => d.date === date)!.price;
}
/** A day of the month whose cheapest offer costs less than the next one, so losing it must move the day's price. */
async function dayWithOneCheapest(from: number): Promise<{ date: string; offers: FlightOffer[] }> {
  for (let n = from; n < from + 20; n++) {
    const date = addDays(`${month}-01`, n);
    const offers = await offersOn(date);
    if (offers.length > 1 && offers[0].price.amount !== offers[1].price.amount) return { date, offers };
  }
  throw new Error('no day with a single cheapest offer');
}

describe('the price calendar cache', () => {
  it("drops a day when a booking takes the last seat of its cheapest fare, and again when it is given back", async () => {
    const { date, offers } = await dayWithOneCheapest(2);
    const before = await calendarDay(date);
    expect(before).toEqual(offers[0].price);
    expect(await calendarDay(date)).toEqual(before); // kept: nothing moved

    const release = await sell(api.ctx, keysOf([offers[0]]), 5_000);
    try {
      const now = (await offersOn(date))[0].price;
      expect(now).not.toEqual(before);
      expect(await calendarDay(date)).toEqual(now);
    } finally {
      await release();
    }
    expect(await calendarDay(date)).toEqual(before);
  });

  it('drops the days an airline change may alter (a flight canceled in the supplier console)', async () => {
    const { date, offers } = await dayWithOneCheapest(8);
    const before = await calendarDay(date);
    expect(before).toEqual(offers[0].price);
    const canceled = offers[0].journeys.flatMap((j) => j.segments).map((s) => ({
      flightNo: s.flight_number, day: s.departure_at.slice(0, 10), canceled: true, dep: null, arr: null, newFlightNo: null,
    }));
    setScheduleOverrides(net(), canceled);
    try {
      const now = (await offersOn(date))[0]?.price ?? null;
      expect(now).not.toEqual(before);
      expect(await calendarDay(date)).toEqual(now);
    } finally {
      setScheduleOverrides(net(), []);
    }
    expect(await calendarDay(date)).toEqual(before);
  });

  it('keeps a family apart from adults alone', async () => {
    const res = (children: number) => api.client().get('/api/flights/calendar', { ...route, children, month });
    const [alone, family] = [await res(0), await res(1)];
    expect([alone.status, family.status]).toEqual([200, 200]);
    const priced = (r: typeof alone) => r.body.data.days.find((d: { price: unknown }) => d.price);
    expect(priced(family).price.amount).not.toBe(priced(alone).price.amount);
  });
});
