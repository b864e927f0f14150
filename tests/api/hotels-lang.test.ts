import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { identities } from '../support/agents';
import { bookingBody, dayFrom, MAKKAH, stayQuery, type Stay } from '../support/hotels';
import { isArabicText } from '../../contract/names';

/** The hotel answers name hotels, rooms and places in the reader's language (the app's Accept-Language). */
const api = await setupApi();
const as = identities(api);
const stay: Stay = { check_in: dayFrom(new Date(), 30), check_out: dayFrom(new Date(), 33), rooms: [{ adults: 2, children_ages: [] }] };
const AR = { 'accept-language': 'ar' };
const get = async (path: string, query: Record<string, string | number>, headers: Record<string, string> = {}) => {
  const guest = await as('anonymous');
  return guest.request('GET', `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, undefined, headers);
};

describe('hotels in the reader\'s language', () => {
  it('search answers in Arabic for an Arabic reader and in English otherwise, the same hotels at the same prices', async () => {
    const en = await get('/api/hotels', stayQuery(stay, { destination: MAKKAH, per_page: 10 }));
    const ar = await get('/api/hotels', stayQuery(stay, { destination: MAKKAH, per_page: 10 }), AR);
    expect(en.status).toBe(200);
    expect(ar.status).toBe(200);
    expect(ar.body.data.map((h: { id: string }) => h.id)).toEqual(en.body.data.map((h: { id: string }) => h.id));
    expect(ar.body.data.map((h: { cheapest: unknown }) => h.cheapest)).toEqual(en.body.data.map((h: { cheapest: unknown }) => h.cheapest));
    for (const h of en.body.data) {
      expect(isArabicText(h.name)).toBe(false);
      expect(h.city).toBe('Makkah');
      expect(h.address.endsWith(', Makkah')).toBe(true);
    }
    for (const h of ar.body.data) {
      expect(isArabicText(h.name), h.name).toBe(true);
      expect(isArabicText(h.address), h.address).toBe(true);
      expect(h.city).toBe('مكة المكرمة');
      expect(h.address.split('مكة المكرمة').length).toBe(2); // the city once
    }
  });

  it('a hotel\'s page gives its description, rooms and beds in Arabic', async () => {
    const search = await get('/api/hotels', stayQuery(stay, { destination: MAKKAH, per_page: 1 }));
    const id = search.body.data[0].id;
    const en = await get(`/api/hotels/${id}`, stayQuery(stay));
    const ar = await get(`/api/hotels/${id}`, stayQuery(stay), AR);
    expect(en.body.data.description).toMatch(/^A \d-star hotel/);
    expect(isArabicText(ar.body.data.description), ar.body.data.description).toBe(true);
    expect(ar.body.data.rooms.length).toBe(en.body.data.rooms.length);
    for (const r of ar.body.data.rooms) {
      expect(isArabicText(r.name), r.name).toBe(true);
      expect(isArabicText(r.beds), r.beds).toBe(true);
    }
    expect(ar.body.data.rooms.map((r: { code: string }) => r.code)).toEqual(en.body.data.rooms.map((r: { code: string }) => r.code));
  });

  it('a booking made in English reads in Arabic for an Arabic reader', async () => {
    const customer = await as('customer');
    const search = await customer.get('/api/hotels', stayQuery(stay, { destination: MAKKAH, per_page: 1 }));
    const detail = await customer.get(`/api/hotels/${search.body.data[0].id}`, stayQuery(stay));
    const room = detail.body.data.rooms[0];
    const made = await customer.post('/api/hotel-bookings', bookingBody(stay, room.rates[0].id));
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const ref = made.body.data.reference;
    const en = await customer.get(`/api/hotel-bookings/${ref}`);
    const ar = await customer.request('GET', `/api/hotel-bookings/${ref}`, undefined, AR);
    expect(en.body.data.hotel.name).toBe(detail.body.data.name);
    expect(en.body.data.room.name).toBe(room.name);
    expect(isArabicText(ar.body.data.hotel.name)).toBe(true);
    expect(isArabicText(ar.body.data.hotel.address)).toBe(true);
    expect(isArabicText(ar.body.data.room.name)).toBe(true);
    expect(ar.body.data.total).toEqual(en.body.data.total);
    const list = await customer.request('GET', '/api/hotel-bookings', undefined, AR);
    expect(isArabicText(list.body.data.find((b: { reference: string }) => b.reference === ref).hotel.name)).toBe(true);
  });

  it('hotel suggestions carry the Arabic name, and an Arabic name finds its hotel', async () => {
    const guest = await as('anonymous');
    const en = await guest.get('/api/hotel-destinations', { q: 'zamzam' });
    const hotel = en.body.data.find((d: { kind: string }) => d.kind === 'hotel');
    expect(hotel.name_ar).toContain('زمزم');
    const ar = await guest.get('/api/hotel-destinations', { q: 'زمزم' });
    expect(ar.body.data.some((d: { kind: string; name_ar: string }) => d.kind === 'hotel' && d.name_ar.includes('زمزم'))).toBe(true);
  });
});
