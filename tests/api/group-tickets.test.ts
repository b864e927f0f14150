import { describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../contract/flights';
import { setupApi } from '../support/api';
import { roleMatrix, writeStatus } from '../support/catalogue';

const api = await setupApi();
const day = (n: number) => addDays(todayInZone('UTC'), n);
const ticket = (over: Record<string, unknown> = {}) => ({
  airline_code: 'pk', flight_number: 'PK 741', origin: 'khi', destination: 'jed', departure_date: day(14), departure_time: '04:30', arrival_time: '07:15',
  return_flight_number: '742', return_date: day(35), return_departure_time: '10:40', return_arrival_time: '17:55',
  seats_total: 40, price: '185000', refundable: false, baggage: '2 × 23 kg', ...over,
});
const create = async (over: Record<string, unknown> = {}) => (await (await api.as('admin')).post('/api/group-tickets', ticket(over))).body.data;

describe('group tickets', () => {
  it('creates a ticket with its flights list; seats start fully available', async () => {
    const res = await (await api.as('admin')).post('/api/group-tickets', ticket());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Group ticket saved successfully', data: {
      airline_code: 'PK', airline_name: 'Pakistan International Airlines', flight_number: '741', origin: 'KHI', destination: 'JED',
      seats_total: 40, seats_available: 40, price: { amount: '185000.00' }, refundable: false,
    } });
    expect(res.body.data.flights).toHaveLength(2);
    expect(res.body.data.flights[0]).toMatchObject({ flight_number: 'PK 741', origin: { code: 'KHI', city: 'Karachi' }, destination: { code: 'JED', city: 'Jeddah' } });
    expect(res.body.data.flights[1]).toMatchObject({ flight_number: 'PK 742', origin: { code: 'JED' }, destination: { code: 'KHI' }, departure_date: day(35) });
  });

  it('one-way tickets have one flight', async () => {
    const t = await create({ return_date: null, return_flight_number: null, return_departure_time: null, return_arrival_time: null });
    expect(t.flights).toHaveLength(1);
    expect(t.return_date).toBeNull();
  });

  it('keeps sold seats sold when the total changes', async () => {
    const t = await create({ seats_total: 40, seats_available: 30 }); // 10 sold
    const admin = await api.as('admin');
    const up = await admin.put(`/api/group-tickets/${t.id}`, ticket({ seats_total: 50 }));
    expect(up.body.data).toMatchObject({ seats_total: 50, seats_available: 40 });
    const down = await admin.put(`/api/group-tickets/${t.id}`, ticket({ seats_total: 5 }));
    expect(down.status).toBe(422);
    expect(down.body.errors.seats_total).toEqual(['The seats cannot be fewer than the 10 already sold.']);
  });

  it.each([
    ['airline_code', { airline_code: '' }, 'The airline field is required.'],
    ['airline_code', { airline_code: '0Z' }, 'Unknown airline.'],
    ['flight_number', { flight_number: 'ABCDEFG' }, 'The flight number must look like 741 or PK741.'],
    ['origin', { origin: 'XQZ' }, 'Unknown airport.'],
    ['origin', { origin: 'KA' }, 'The origin must be a 3-letter airport code.'],
    ['destination', { destination: 'KHI' }, 'The origin and destination must be different.'],
    ['departure_date', { departure_date: '' }, 'The departure date field is required.'],
    ['departure_date', { departure_date: day(-3), return_date: null }, 'The departure date cannot be in the past.'],
    ['departure_time', { departure_time: '25:00' }, 'The departure time must be a time (HH:MM).'],
    ['arrival_time', { arrival_time: '03:00' }, 'The arrival time must be after the departure time (or set the arrival day offset).'],
    ['return_date', { return_date: day(10) }, 'The return date cannot be before the departure date.'],
    ['return_flight_number', { return_flight_number: '' }, 'The return flight number field is required.'],
    ['return_departure_time', { return_departure_time: '' }, 'The return departure time field is required.'],
    ['seats_total', { seats_total: 0 }, 'The seats must be at least 1.'],
    ['seats_total', { seats_total: '' }, 'The seats field is required.'],
    ['seats_total', { seats_total: 'many' }, 'The seats must be a whole number.'],
    ['seats_available', { seats_available: 41 }, 'The seats available cannot exceed the seats.'],
    ['price', { price: '' }, 'The price field is required.'],
    ['refundable', { refundable: 'perhaps' }, 'Choose yes or no.'],
  ])('refuses a bad %s (%j)', async (field, over, message) => {
    const res = await (await api.as('admin')).post('/api/group-tickets', ticket(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.[0]).toBe(message);
  });

  it('treats empty day offsets and sort order as defaults', async () => {
    const t = await create({ arrival_day_offset: '', return_arrival_day_offset: '', sort_order: '', seats_available: '' });
    expect(t).toMatchObject({ arrival_day_offset: 0, return_arrival_day_offset: 0, sort_order: 0, seats_available: 40 });
  });

  it('allows an overnight arrival with a day offset', async () => {
    const t = await create({ departure_time: '23:30', arrival_time: '02:10', arrival_day_offset: 1 });
    expect(t.arrival_day_offset).toBe(1);
  });

  it('filters by route', async () => {
    await create({ origin: 'LHE', destination: 'MED', return_date: null });
    const res = await api.client().get('/api/group-tickets', { origin: 'lhe', destination: 'med' });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((t: { origin: string; destination: string }) => t.origin === 'LHE' && t.destination === 'MED')).toBe(true);
  });

  it('deletes', async () => {
    const t = await create();
    expect((await (await api.as('admin')).delete(`/api/group-tickets/${t.id}`)).body.message).toBe('Group ticket deleted successfully');
  });

  it('role matrix', async () => {
    const t = await create();
    await roleMatrix(api, (c) => c.get('/api/group-tickets'), () => 200);
    await roleMatrix(api, (c) => c.get(`/api/group-tickets/${t.id}`), () => 200);
    await roleMatrix(api, (c) => c.post('/api/group-tickets', ticket()), (w) => writeStatus(w, 201));
    await roleMatrix(api, (c) => c.put(`/api/group-tickets/${t.id}`, ticket()), (w) => writeStatus(w, 200));
    await roleMatrix(api, (c) => c.delete(`/api/group-tickets/${t.id}`), (w) => writeStatus(w, 200));
  });
});
