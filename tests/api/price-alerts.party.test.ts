import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../contract/flights';
import { MESSAGES } from '../../contract/flight-rules';
import { parseMinor } from '../../contract/money';
import { PRICE_ALERT_MESSAGES, type PriceAlert } from '../../contract/price-alerts';
import { priceAlerts } from '../../server/db/schema';
import { priceDropMail } from '../../server/price-alerts/mails';
import { checkPriceAlerts } from '../../server/price-alerts/job';
import { expectRoleMatrix } from '../support/agents';
import { setupApi } from '../support/api';
import { keysOf, lowestOf, offersOf, sell } from '../support/price-alerts';

/**
 * Watches for a party with children and infants (the search's own limits and messages), month watches from the
 * calendar, and the list answering from the price last priced rather than searching every watch at every read.
 */
const api = await setupApi();
const today = todayInZone('Etc/GMT+12', api.ctx.clock.now);
const day = (n: number) => addDays(today, n);
const monthAfter = (n: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const family = { origin: 'KHI', destination: 'DXB', adults: 2, children: 1, infants: 1, cabin_class: 'Y' };
const cheapestDay = (days: { price: { amount: string } | null }[]) => Math.min(...days.filter((d) => d.price).map((d) => parseMinor(d.price!.amount)!));

describe('POST /api/price-alerts with children and infants', () => {
  it('watches dates at the price the search shows that party, and reopens the search with it', async () => {
    const c = await api.as('customer');
    const res = await c.post('/api/price-alerts', { ...family, departure_date: day(43) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const alert = res.body.data as PriceAlert;
    expect(alert).toMatchObject({ adults: 2, children: 1, infants: 1, departure_date: day(43), month: null });
    const familyLowest = lowestOf(await offersOf(c, { ...family, departure_date: day(43) }));
    const adultsLowest = lowestOf(await offersOf(c, { ...family, children: 0, infants: 0, departure_date: day(43) }));
    expect(parseMinor(alert.price!.amount)).toBe(familyLowest);
    expect(familyLowest).toBeGreaterThan(adultsLowest); // the child and infant are priced, not left out
    expect(alert.search_path).toBe(`/flight/search?flightType=one-way&origin=KHI&destination=DXB&departure_date=${day(43)}&adults=2&children=1&infants=1&cabin_class=Y`);
    const [row] = await api.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect([row.children, row.infants]).toEqual([1, 1]);
  });

  it("watches a month at the calendar's cheapest day for that party", async () => {
    const c = await api.as('agent');
    const month = monthAfter(2);
    const res = await c.post('/api/price-alerts', { ...family, month });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cal = await c.get('/api/flights/calendar', { ...family, month });
    expect(cal.status).toBe(200);
    expect(parseMinor(res.body.data.price.amount)).toBe(cheapestDay(cal.body.data.days));
    expect(res.body.data).toMatchObject({ month, children: 1, infants: 1 });
    const adultsOnly = await c.get('/api/flights/calendar', { ...family, children: 0, infants: 0, month });
    expect(cheapestDay(adultsOnly.body.data.days)).toBeLessThan(cheapestDay(cal.body.data.days));
  });

  it("answers 422 with the search's own limits and messages, for dates and for a month", async () => {
    const c = await api.as('customer');
    for (const when of [{ departure_date: day(30) }, { month: monthAfter(1) }]) {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ ...family, infants: 3 }, 'infants', MESSAGES.infants],
        [{ ...family, adults: 5, children: 5 }, 'adults', MESSAGES.tooMany],
        [{ ...family, children: 'two' }, 'children', MESSAGES.count],
        [{ ...family, infants: -1 }, 'infants', MESSAGES.count],
      ];
      for (const [body, field, message] of cases) {
        const res = await c.post('/api/price-alerts', { ...body, ...when });
        expect([when, field, res.status, res.body.errors?.[field]]).toEqual([when, field, 422, [message]]);
      }
    }
  });
});

describe('month watches', () => {
  it('admits customers and approved agents only; the same month twice is a conflict', async () => {
    let n = 3;
    await expectRoleMatrix(api.as, (c) => c.post('/api/price-alerts', { ...family, destination: 'JED', month: monthAfter(n++ % 12) }), { customer: 201, agent: 201 });
    const c = await api.as('customer');
    const body = { ...family, destination: 'MCT', month: monthAfter(1) };
    expect((await c.post('/api/price-alerts', body)).status).toBe(201);
    const again = await c.post('/api/price-alerts', { ...body, children: 0, infants: 0 });
    expect([again.status, again.body.message]).toEqual([409, PRICE_ALERT_MESSAGES.duplicate]);
  });
});

describe('GET /api/price-alerts answers from the price last priced', () => {
  it('shows the price and time of the start until the daily look prices it again', async () => {
    const c = await api.as('customer');
    const query = { origin: 'LHE', destination: 'DOH', departure_date: day(48) };
    const created = (await c.post('/api/price-alerts', { ...query, adults: 1, cabin_class: 'Y' })).body.data as PriceAlert;
    expect(created.priced_at).toBe(created.created_at);
    const offers = await offersOf(c, query);
    // Others buy seats: the search's price moves, the list's does not until the job looks.
    const release = await sell(api.ctx, keysOf(offers), 60);
    try {
      const moved = lowestOf(await offersOf(c, query));
      expect(moved).not.toBe(parseMinor(created.price!.amount));
      const listed = ((await c.get('/api/price-alerts')).body.data as PriceAlert[]).find((a) => a.id === created.id)!;
      expect([listed.price, listed.priced_at]).toEqual([created.price, created.created_at]);

      const saved = api.ctx.clock.now;
      api.ctx.clock.now = new Date(saved.getTime() + 3_600_000);
      try {
        await checkPriceAlerts(api.ctx);
      } finally {
        api.ctx.clock.now = saved;
      }
      const after = ((await c.get('/api/price-alerts')).body.data as PriceAlert[]).find((a) => a.id === created.id)!;
      expect(parseMinor(after.price!.amount)).toBe(moved);
      expect(after.priced_at).toBe(new Date(saved.getTime() + 3_600_000).toISOString());
      expect(after.priced_at).toBe(after.checked_at);
    } finally {
      await release();
    }
  });
});

describe('the price-drop mail', () => {
  it('names every kind of traveller in the party, in both languages', () => {
    const facts = {
      name: 'Amna', currency: 'PKR', fromMinor: 10_000_00, nowMinor: 9_000_00, searchUrl: 'https://x/s', unsubscribeUrl: 'https://x/u',
      watch: { origin: 'KHI', destination: 'DXB', departure_date: '2027-03-01', return_date: null, month: null, adults: 2, children: 1, infants: 1, cabin_class: 'Y' as const },
    };
    expect(priceDropMail('en', facts).text).toContain('(2 adults, 1 child, 1 infant, economy)');
    expect(priceDropMail('ar', facts).text).toContain('2 بالغ، 1 طفل، 1 رضيع');
    expect(priceDropMail('en', { ...facts, watch: { ...facts.watch, adults: 1, children: 0, infants: 0 } }).text).toContain('(1 adult, economy)');
  });
});
