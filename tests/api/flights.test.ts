import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_IDENTITIES, setupApi } from '../support/api';
import { users } from '../../server/db/schema';
import { parseMinor } from '../../contract/money';
import { expandSearchResponse, type WireJourney } from '../../contract/flight-wire';

const api = await setupApi();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const oneWay = { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(30), adults: 1, children: 0, infants: 0, cabin_class: 'Y' };
const minor = (m: { amount: string }) => parseMinor(m.amount)!;

describe('reference data', () => {
  it('GET /airports autocompletes by code, city and name, busiest first', async () => {
    const c = api.client();
    expect((await c.get('/api/airports', { q: 'KHI' })).body.data[0]).toMatchObject({ code: 'KHI', country: 'PK', time_zone: 'Asia/Karachi' });
    const london = (await c.get('/api/airports', { q: 'london' })).body.data.map((a: { code: string }) => a.code);
    expect(london[0]).toBe('LHR');
    expect(london).toContain('LGW');
    expect((await c.get('/api/airports', { q: 'Dubai' })).body.data[0].code).toBe('DXB');
    expect((await c.get('/api/airports', { codes: 'JED,ISB' })).body.data.map((a: { code: string }) => a.code)).toEqual(['JED', 'ISB']);
    expect((await c.get('/api/airports', { q: '' })).body.data).toEqual([]);
  });

  it('GET /countries and /cities', async () => {
    const c = api.client();
    const pk = (await c.get('/api/countries')).body.data.find((x: { code: string }) => x.code === 'PK');
    expect(pk).toMatchObject({ name: 'Pakistan', currency: 'PKR' });
    expect(pk.name_ar).toMatch(/[\u0600-\u06FF]/);
    const karachi = (await c.get('/api/cities', { country: 'PK', q: 'kar' })).body.data;
    expect(karachi.some((x: { name: string; airports: string[] }) => x.name === 'Karachi' && x.airports.includes('KHI'))).toBe(true);
  });

  it('GET /airlines lists the operating carriers with paging and search', async () => {
    const c = api.client();
    const res = await c.get('/api/airlines', { q: 'PK', per_page: 5 });
    expect(res.body.data[0]).toMatchObject({ code: 'PK', country: 'PK' });
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 5 });
    const all = await c.get('/api/airlines', { per_page: 500 });
    expect(all.body.meta.total).toBeGreaterThan(50);
    expect((await c.get('/api/airlines/EK')).body.data.name).toMatch(/Emirates/);
    expect((await c.get('/api/airlines/ZZ')).status).toBe(404);
  });
});

describe('POST /airlines and PUT /airlines/{code}', () => {
  const valid = { code: 'Q9', name: 'Safar Test Air', country: 'PK', margin_type: 'markup', margin_mode: 'fixed', margin_value: '1500.00' };

  it('role matrix: only admin and accounts manage airlines', async () => {
    const expected: Record<string, number> = { anonymous: 401, customer: 403, unapprovedAgent: 403, agent: 403, accounts: 201, reservation: 403, analyst: 403, admin: 201 };
    let n = 0;
    for (const who of ALL_IDENTITIES) {
      const c = await api.as(who);
      const res = await c.post('/api/airlines', { ...valid, code: `Q${n++}` });
      expect([who, res.status]).toEqual([who, expected[who]]);
    }
  });

  it('creates, refuses a duplicate, updates', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/airlines', { ...valid, code: 'x7' });
    expect(res).toMatchObject({ status: 201, body: { message: 'Airline saved successfully', data: { code: 'X7', margin_value: '1500.00', has_margin: true } } });
    expect((await admin.post('/api/airlines', { ...valid, code: 'X7' })).status).toBe(409);
    const upd = await admin.put('/api/airlines/X7', { name: 'Renamed Air', country: 'AE', margin_type: 'discount', margin_mode: 'percent', margin_value: 5 });
    expect(upd.body.data).toMatchObject({ name: 'Renamed Air', country: 'AE', margin_type: 'discount', margin_value: '5.00' });
    expect((await admin.put('/api/airlines/ZZ', valid)).status).toBe(404);
  });

  it.each([
    [{ code: 'ABC' }, 'code'],
    [{ name: '' }, 'name'],
    [{ country: 'XX' }, 'country'],
    [{ margin_type: 'bonus' }, 'margin_type'],
    [{ margin_mode: 'percent', margin_value: '150' }, 'margin_value'],
    [{ margin_value: '-5' }, 'margin_value'],
    [{ margin_type: null, margin_mode: null, margin_value: '10' }, 'margin_type'],
  ])('answers 422 for %j', async (change, field) => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/airlines', { ...valid, code: 'V1', ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.[0]).toBeTruthy();
  });
});

describe('GET /flights', () => {
  it('finds non-stop KHI–DXB fares with every result label', async () => {
    const res = await api.client().get('/api/flights', oneWay);
    expect(res.status).toBe(200);
    expect(res.body.previous_search).toMatchObject({ cabin_class: 'Y' });
    expect(res.body.available_airlines.length).toBeGreaterThan(0);
    const nonStop = expandSearchResponse(res.body).flights.find((f: any) => f.stops === 0)!;
    expect(nonStop).toBeTruthy();
    const seg = nonStop.journeys[0].segments[0];
    expect(seg).toMatchObject({ origin: expect.objectContaining({ code: 'KHI' }), destination: expect.objectContaining({ code: 'DXB' }) });
    expect(nonStop.price).toMatchObject({ currency: expect.any(String), amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('round trip and filters', async () => {
    const c = api.client();
    const rt = await c.get('/api/flights', { ...oneWay, flightType: 'return', return_date: day(37), adults: 2, children: 1, infants: 1 });
    expect(rt.status).toBe(200);
    expect(expandSearchResponse(rt.body).flights[0].journeys).toHaveLength(2);
    // Each journey travels once: offers name theirs, and a return search reuses outbound and inbound journeys.
    expect(rt.body.flights[0].journey_ids).toHaveLength(2);
    expect(Object.keys(rt.body.journeys).length).toBeLessThan(rt.body.flights.length * 2);
    // Airports, airlines, aircraft and bags are spelled out once, in dictionaries, and named in segments, which
    // travel as positional lists (see WireSegment), each once, named by their place from journeys.
    const segmentsAt = Object.values(rt.body.journeys as Record<string, WireJourney>).flatMap((j) => j[7]);
    expect(new Set(segmentsAt).size).toBe(rt.body.segments.length);
    expect(segmentsAt.length).toBeGreaterThan(rt.body.segments.length);
    const [airline, , craft, origin, , , , , , , , , , bags] = rt.body.segments[(Object.values(rt.body.journeys)[0] as WireJourney)[7][0]];
    expect(rt.body.airlines[airline]).toBeTruthy();
    expect(rt.body.aircraft[craft]).toBeTruthy();
    expect(rt.body.airports[origin]).toMatchObject({ city: expect.any(String) });
    expect(rt.body.airports.KHI).toMatchObject({ city: 'Karachi', country: 'PK' });
    expect(rt.body.bags[bags]).toMatchObject({ carry_on: expect.stringMatching(/kg/) });
    const expanded = expandSearchResponse(rt.body).flights[0].journeys[0].segments[0];
    expect(expanded.origin).toMatchObject({ code: 'KHI', city: 'Karachi' });
    expect(expanded.airline.name).toBeTruthy();
    const nonstop = await c.get('/api/flights', { ...oneWay, stops: 'non-stop' });
    expect(nonstop.body.flights.every((f: any) => f.stops === 0)).toBe(true);
    const ek = await c.get('/api/flights', { ...oneWay, airlines: 'EK' });
    expect(ek.body.flights.length).toBeGreaterThan(0);
    const cheap = await c.get('/api/flights', { ...oneWay, sort: 'price' });
    const prices = cheap.body.flights.map((f: any) => minor(f.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('multi-city with trips as JSON', async () => {
    const trips = JSON.stringify([{ origin: 'KHI', destination: 'DXB', date: day(20) }, { origin: 'DXB', destination: 'JED', date: day(24) }, { origin: 'JED', destination: 'KHI', date: day(30) }]);
    const res = await api.client().get('/api/flights', { flightType: 'multi-city', trips, adults: 1, cabin_class: 'Y' });
    expect(res.status).toBe(200);
    expect(expandSearchResponse(res.body).flights[0].journeys).toHaveLength(3);
  });

  it.each([
    [{ origin: 'QQQ' }, 'origin'],
    [{ destination: 'KHI' }, 'destination'],
    [{ departure_date: day(-2) }, 'departure_date'],
    [{ flightType: 'return', return_date: day(10) }, 'return_date'],
    [{ adults: 6, children: 4 }, 'adults'],
    [{ adults: 1, infants: 2 }, 'infants'],
    [{ cabin_class: 'Z' }, 'cabin_class'],
  ])('answers 422 with a message per field for %j', async (change, field) => {
    const res = await api.client().get('/api/flights', { ...oneWay, ...change } as Record<string, string | number>);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please Ensure that these fields are filled properly.');
    expect(res.body.errors[field][0]).toBeTruthy();
  });
});

describe('pricing by who asks', () => {
  // Offer ids carry their issue time, so the same flights are matched by their flight numbers.
  const flightKey = (f: any) => f.journeys.flatMap((j: any) => j.segments.map((s: any) => `${s.flight_number ?? s.flight_no}`)).join('+') + f.fare_family;
  const priceOf = async (c: Awaited<ReturnType<typeof api.as>>, key: string) => {
    const res = await c.get('/api/flights', oneWay);
    const { flights } = expandSearchResponse(res.body);
    const f = flights.find((x: any) => flightKey(x) === key) ?? flights[0];
    return { id: flightKey(f), airline: f.validating_airline.code as string, total: minor(f.price) };
  };

  it('customer margin values and agent markup change search prices at once', async () => {
    const admin = await api.as('admin');
    const customer = await api.as('customer');
    const agent = await api.as('agent');
    const before = await priceOf(customer, '');
    const agentBefore = await priceOf(agent, before.id);

    expect((await admin.post('/api/save-customer-margin-values', { discount_percent: '0', margin_percent: '10', other_charges: '1000.00' })).status).toBe(200);
    const [agentUser] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    expect((await admin.post('/api/save-agent-margin', { agent_id: agentUser.id, markup_per_pax: '2500.00', discount_per_pax: '0' })).status).toBe(200);

    const after = await priceOf(customer, before.id);
    const agentAfter = await priceOf(agent, before.id);
    expect(after.total).toBeGreaterThan(before.total + 100_000 - 1);
    expect(agentAfter.total).toBe(agentBefore.total + 250_000);
    expect(after.total).not.toBe(agentAfter.total);
  });

  it('an airline margin changes every asker’s price for that airline', async () => {
    const customer = await api.as('customer');
    const before = await priceOf(customer, '');
    const admin = await api.as('admin');
    const put = await admin.put(`/api/airlines/${before.airline}`, { name: 'Margin Air', country: 'PK', margin_type: 'markup', margin_mode: 'fixed', margin_value: '3000.00' });
    expect(put.status).toBe(200);
    const after = await priceOf(customer, before.id);
    expect(after.total - before.total).toBeGreaterThanOrEqual(300_000);
  });
});

describe('GET /flight/{id}/{supplier}/{isSooperFlight}', () => {
  it('returns the full offer, 404 when unknown, 410 once expired', async () => {
    const c = api.client();
    const search = await c.get('/api/flights', oneWay);
    const f = search.body.flights[0];
    const res = await c.get(`/api/flight/${encodeURIComponent(f.id)}/${f.supplier}/${f.is_sooper_flight ? 1 : 0}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: f.id, price: f.price });
    expect((await c.get(`/api/flight/nope/${f.supplier}/0`)).status).toBe(404);
    expect((await c.get(`/api/flight/${encodeURIComponent(f.id)}/no-such-supplier/0`)).status).toBe(404);
    api.ctx.clock.now = new Date(Date.now() + 31 * 60_000);
    const expired = await c.get(`/api/flight/${encodeURIComponent(f.id)}/${f.supplier}/0`);
    api.ctx.clock.now = new Date();
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('answers 404 for an id it did not issue: a later issue time or another signature', async () => {
    const c = api.client();
    const f = (await c.get('/api/flights', oneWay)).body.flights[0];
    const [issued, ...rest] = f.id.split('.');
    const later = [(parseInt(issued, 36) + 3600).toString(36), ...rest].join('.');
    const resigned = `${f.id.slice(0, f.id.lastIndexOf('.'))}.AAAAAAAAAAAA`;
    for (const id of [later, resigned, f.id.slice(0, f.id.lastIndexOf('.'))]) {
      const res = await c.get(`/api/flight/${encodeURIComponent(id)}/${f.supplier}/0`);
      expect(res.status, id).toBe(404);
    }
  });
});
