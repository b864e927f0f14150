import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone } from '../../contract/flights';
import { airportOverrides } from '../../server/db/schema';
import { setupApi } from '../support/api';
import { roleMatrix, writeStatus } from '../support/catalogue';

const api = await setupApi();
const day = (n: number) => addDays(todayInZone('UTC'), n);
const custom = (over: Record<string, unknown> = {}) => ({ code: 'zzq', name: 'Skardu Heliport', city: 'Skardu', country: 'pk', lat: '35.33', lon: 75.54, tz: 'asia/karachi', size: 'small', ...over });
const admin = () => api.as('admin');
const search = async (q: string) => (await api.client().get('/api/airports', { q })).body.data.map((a: { code: string }) => a.code);
const readStatus = (who: string) => (who === 'anonymous' ? 401 : who === 'admin' ? 200 : 403);

afterEach(() => { vi.restoreAllMocks(); });

describe('airports in the back office', () => {
  it('adds a custom airport that autocomplete, group tickets and flight search then accept', async () => {
    const a = await admin();
    const res = await a.post('/api/airports', custom());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Airport saved successfully', data: {
      code: 'ZZQ', name: 'Skardu Heliport', city: 'Skardu', country: 'PK', country_name: 'Pakistan', country_name_ar: 'باكستان', lat: 35.33, lon: 75.54, tz: 'Asia/Karachi', size: 'small',
      active: true, is_custom: true, edited: false,
    } });
    expect(await search('skardu')).toContain('ZZQ');
    const ticket = await a.post('/api/group-tickets', { airline_code: 'PK', flight_number: '451', origin: 'ISB', destination: 'ZZQ', departure_date: day(20), departure_time: '08:00', arrival_time: '09:10', seats_total: 12, price: '25000' });
    expect(ticket.status).toBe(201);
    expect(ticket.body.data.flights[0].destination).toMatchObject({ code: 'ZZQ', name: 'Skardu Heliport', city: 'Skardu' });
    // No scheduled flights reach a staff-added airport, but the search accepts it and finds the group fare.
    const flights = await api.client().get('/api/flights', { origin: 'ISB', destination: 'ZZQ', departure_date: day(20), adults: 1 });
    expect(flights.status).toBe(200);
    expect(flights.body.flights.map((f: { is_sooper_flight: boolean }) => f.is_sooper_flight)).toEqual([true]);
    // Flown by a ticket, so it stays.
    expect(await a.delete('/api/airports/ZZQ')).toMatchObject({ status: 409, body: { message: 'Group tickets use this airport; deactivate it instead.' } });
  });

  it('an edited reference airport shows its new name in autocomplete; DELETE restores the reference values', async () => {
    const a = await admin();
    const before = (await a.get('/api/admin/airports/MUX')).body.data;
    expect(before).toMatchObject({ code: 'MUX', name: 'Multan Airport', edited: false, is_custom: false, active: true });
    const res = await a.put('/api/airports/mux', { ...before, code: 'XXX', name: 'Multan International Airport' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Airport saved successfully', data: { code: 'MUX', name: 'Multan International Airport', edited: true } } });
    const hit = (await api.client().get('/api/airports', { q: 'MUX' })).body.data[0];
    expect(hit).toMatchObject({ code: 'MUX', name: 'Multan International Airport', city: 'Multan' });
    expect((await api.client().get('/api/airports', { codes: 'MUX' })).body.data[0].name).toBe('Multan International Airport');
    const restored = await a.delete('/api/airports/MUX');
    expect(restored.body).toEqual({ message: 'Airport restored to the reference data' });
    expect((await api.client().get('/api/airports', { codes: 'MUX' })).body.data[0].name).toBe('Multan Airport');
    expect(await a.delete('/api/airports/MUX')).toMatchObject({ status: 409, body: { message: 'This airport has no changes to undo.' } });
  });

  it('a deactivated airport is refused for new searches and tickets and left out of autocomplete', async () => {
    const a = await admin();
    const gil = (await a.get('/api/admin/airports/GIL')).body.data;
    expect((await a.put('/api/airports/GIL', { ...gil, active: false })).body.data).toMatchObject({ active: false, edited: true });
    expect(await search('gilgit')).not.toContain('GIL');
    const flights = await api.client().get('/api/flights', { origin: 'GIL', destination: 'ISB', departure_date: day(10), adults: 1 });
    expect(flights.status).toBe(422);
    expect(flights.body.errors.origin).toBeTruthy();
    const ticket = await a.post('/api/group-tickets', { airline_code: 'PK', flight_number: '605', origin: 'ISB', destination: 'GIL', departure_date: day(20), departure_time: '08:00', arrival_time: '09:10', seats_total: 12, price: '25000' });
    expect(ticket.status).toBe(422);
    expect(ticket.body.errors.destination).toEqual(['Unknown airport.']);
    expect((await a.get('/api/admin/airports', { filter: 'inactive' })).body.data.map((x: { code: string }) => x.code)).toEqual(['GIL']);
    await a.delete('/api/airports/GIL');
    expect((await api.client().get('/api/flights', { origin: 'GIL', destination: 'ISB', departure_date: day(10), adults: 1 })).status).toBe(200);
  });

  it('lists reference and custom airports with search, filters and paging', async () => {
    const a = await admin();
    await a.post('/api/airports', custom({ code: 'XQA', name: 'Chitral Strip', city: 'Chitral' }));
    const all = await a.get('/api/admin/airports', { per_page: 5 });
    expect(all.body.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(all.body.meta.total).toBeGreaterThan(4000);
    expect(all.body.data).toHaveLength(5);
    const page2 = await a.get('/api/admin/airports', { per_page: 5, page: 2 });
    expect(page2.body.data[0].code > all.body.data[4].code).toBe(true);
    expect((await a.get('/api/admin/airports', { q: 'KHI' })).body.data[0]).toMatchObject({ code: 'KHI', city: 'Karachi' });
    expect((await a.get('/api/admin/airports', { q: 'chitral' })).body.data.map((x: { code: string }) => x.code)).toContain('XQA');
    const customs = (await a.get('/api/admin/airports', { filter: 'custom' })).body.data.map((x: { code: string }) => x.code);
    expect(customs).toEqual(expect.arrayContaining(['XQA', 'ZZQ']));
    expect((await a.get('/api/admin/airports', { filter: 'edited' })).body.data).toEqual([]);
    expect((await a.get('/api/admin/airports', { filter: 'odd' })).body.errors.filter).toEqual(['The filter must be all, custom, edited or inactive.']);
    expect((await a.get('/api/admin/airports', { per_page: 101 })).status).toBe(422);
  });

  it('a custom airport can be edited and deleted', async () => {
    const a = await admin();
    await a.post('/api/airports', custom({ code: 'XQB', name: 'Test Field' }));
    const up = await a.put('/api/airports/XQB', custom({ name: 'Test Field East', size: 'medium' }));
    expect(up.body.data).toMatchObject({ code: 'XQB', name: 'Test Field East', size: 'medium', is_custom: true, edited: false });
    expect(await a.delete('/api/airports/XQB')).toMatchObject({ status: 200, body: { message: 'Airport deleted successfully' } });
    expect((await a.get('/api/admin/airports/XQB')).status).toBe(404);
    expect(await a.put('/api/airports/XQB', custom())).toMatchObject({ status: 404, body: { message: 'This airport was not found.' } });
    expect((await a.delete('/api/airports/XQB')).status).toBe(404);
  });

  it('another server\'s change shows within seconds (the overlay re-reads when stale)', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    await (await admin()).put('/api/airports/ISB', (await (await admin()).get('/api/admin/airports/ISB')).body.data); // loads the overlay now
    await api.db.insert(airportOverrides).values({ iata: 'XQC', name: 'Other Server Field', city: 'Hunza', country: 'PK', lat: 36.3, lon: 74.6, tz: 'Asia/Karachi', size: 'small', isCustom: true });
    vi.spyOn(Date, 'now').mockReturnValue(now + 4_000);
    expect(await search('hunza')).not.toContain('XQC');
    vi.spyOn(Date, 'now').mockReturnValue(now + 6_000);
    expect(await search('hunza')).toContain('XQC');
    await (await admin()).delete('/api/airports/ISB');
  });
});

describe('validation', () => {
  it.each([
    [{ code: 'ZZ' }, 'code', 'The airport code is three letters (IATA).'],
    [{ code: 'Z1Q' }, 'code', 'The airport code is three letters (IATA).'],
    [{ code: 'KHI' }, 'code', 'An airport with this code already exists.'],
    [{ name: '' }, 'name', 'Name is required.'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name is too long.'],
    [{ city: ' ' }, 'city', 'City is required.'],
    [{ country: 'XX' }, 'country', 'Choose a country.'],
    [{ lat: 95 }, 'lat', 'Latitude is a number between -90 and 90.'],
    [{ lat: 'north' }, 'lat', 'Latitude is a number between -90 and 90.'],
    [{ lon: '' }, 'lon', 'Longitude is a number between -180 and 180.'],
    [{ lon: -181 }, 'lon', 'Longitude is a number between -180 and 180.'],
    [{ tz: 'PKT' }, 'tz', 'Choose a time zone such as Asia/Karachi.'],
    [{ tz: 'Mars/Olympus' }, 'tz', 'Choose a time zone such as Asia/Karachi.'],
    [{ size: 'huge' }, 'size', 'Size is large, medium or small.'],
    [{ active: 'yes' }, 'active', 'Active is true or false.'],
  ])('POST /airports refuses %j', async (over, field, message) => {
    const res = await (await admin()).post('/api/airports', custom({ code: 'XQD', ...over }));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(res.body.message).toBe(message);
  });

  it('PUT validates the same way and takes the code from the path', async () => {
    const res = await (await admin()).put('/api/airports/ISB', custom({ code: 'no', tz: 'Nowhere' }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['tz']);
  });
});

describe('role matrix: catalogue.manage (admin) only', () => {
  it('GET /admin/airports and /admin/airports/{code}', async () => {
    await roleMatrix(api, (c) => c.get('/api/admin/airports'), readStatus);
    await roleMatrix(api, (c) => c.get('/api/admin/airports/KHI'), readStatus);
  });
  it('POST /airports', async () => {
    await roleMatrix(api, (c) => c.post('/api/airports', custom({ code: 'XQE' })), (who) => writeStatus(who, 201));
  });
  it('PUT /airports/{code}', async () => {
    await roleMatrix(api, (c) => c.put('/api/airports/XQE', custom({ code: 'XQE', name: 'Renamed' })), (who) => writeStatus(who, 200));
  });
  it('DELETE /airports/{code}', async () => {
    await roleMatrix(api, (c) => c.delete('/api/airports/XQE'), (who) => writeStatus(who, 200));
  });
  it('GET /airports (autocomplete) stays public', async () => {
    await roleMatrix(api, (c) => c.get('/api/airports', { q: 'KHI' }), () => 200);
  });
});
