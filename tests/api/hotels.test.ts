import { beforeEach, describe, expect, it } from 'vitest';
import { mailsTo, setupApi } from '../support/api';
import { identities } from '../support/agents';
import { bookingBody, dayFrom, MAKKAH, payBySandbox, pickRate, stayQuery, type Stay } from '../support/hotels';
import { HOTEL_MESSAGES as HM } from '../../contract/hotels';

const api = await setupApi();
const as = identities(api);
const day = (n: number) => dayFrom(api.ctx.clock.now, n);
const stay = (over: Partial<Stay> = {}): Stay => ({ check_in: day(40), check_out: day(44), rooms: [{ adults: 2, children_ages: [] }, { adults: 2, children_ages: [7] }], ...over });

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('destinations', () => {
  it('finds cities by English or Arabic name, the dense city first, and hotels by name', async () => {
    const guest = await as('anonymous');
    const en = await guest.get('/api/hotel-destinations', { q: 'makk' });
    expect(en.status).toBe(200);
    expect(en.body.data[0]).toMatchObject({ id: MAKKAH, kind: 'city', name: 'Makkah', name_ar: 'مكة المكرمة', country_code: 'SA' });
    expect(en.body.data[0].hotel_count).toBeGreaterThanOrEqual(40);
    const ar = await guest.get('/api/hotel-destinations', { q: 'مكة' });
    expect(ar.body.data[0].id).toBe(MAKKAH);
    const hotels = await guest.get('/api/hotel-destinations', { q: 'zamzam' });
    expect(hotels.body.data.length).toBeGreaterThan(0);
    expect(hotels.body.data.every((d: { kind: string; name: string }) => d.kind === 'hotel' && /zamzam/i.test(d.name))).toBe(true);
  });
});

describe('search', () => {
  it('lists Makkah hotels for a two-room stay, cheapest first, with the Haram distance and nightly and total prices', async () => {
    const res = await (await as('anonymous')).get('/api/hotels', stayQuery(stay(), { destination: MAKKAH, per_page: 50 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 50, nights: 4, destination: { id: MAKKAH } });
    expect(res.body.meta.total).toBeGreaterThan(20);
    const totals = res.body.data.map((h: { cheapest: { nightly: { amount: string } } }) => Number(h.cheapest.nightly.amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const h of res.body.data) {
      expect(h.distance_haram_m).toBeTypeOf('number');
      expect(h.photo).toMatch(/^\/api\/hotel-images\//);
      expect(Number(h.cheapest.total.amount)).toBeCloseTo(Number(h.cheapest.nightly.amount) * 4, -1);
    }
    const img = await (await as('anonymous')).request('GET', res.body.data[0].photo);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('filters by stars, board, amenities and distance, and sorts by distance and rating', async () => {
    const guest = await as('anonymous');
    const q = (extra: Record<string, string | number>) => guest.get('/api/hotels', stayQuery(stay(), { destination: MAKKAH, per_page: 100, ...extra }));
    const five = await q({ stars: '5' });
    expect(five.body.data.length).toBeGreaterThan(0);
    expect(five.body.data.every((h: { stars: number }) => h.stars === 5)).toBe(true);
    const all = await q({});
    expect(five.body.meta.price_range).toEqual(all.body.meta.price_range); // the slider's range is before filters
    const fb = await q({ board: 'FB' });
    expect(fb.body.data.every((h: { cheapest: { board: string } }) => h.cheapest.board === 'FB')).toBe(true);
    const shuttle = await q({ amenities: 'haram_shuttle,wifi' });
    expect(shuttle.body.data.every((h: { amenities: string[] }) => h.amenities.includes('haram_shuttle') && h.amenities.includes('wifi'))).toBe(true);
    expect(shuttle.body.meta.total).toBeLessThan(all.body.meta.total);
    const near = await q({ max_distance_km: 0.5, sort: 'distance' });
    const d = near.body.data.map((h: { distance_haram_m: number }) => h.distance_haram_m);
    expect(d.every((m: number) => m <= 500)).toBe(true);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    const free = await q({ free_cancellation: 'true' });
    expect(free.body.data.every((h: { cheapest: { refundable: boolean } }) => h.cheapest.refundable)).toBe(true);
    const rated = (await q({ sort: 'rating' })).body.data.map((h: { guest_rating: number }) => h.guest_rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
  });

  it('answers 422 with the field and its message for each bad stay', async () => {
    const guest = await as('anonymous');
    const cases: [Record<string, string | number>, string, string][] = [
      [stayQuery(stay({ check_out: day(40) }), { destination: MAKKAH }), 'check_out', HM.checkOutAfter],
      [stayQuery(stay({ check_out: day(71) }), { destination: MAKKAH }), 'check_out', HM.tooLong],
      [stayQuery(stay({ check_in: day(-2), check_out: day(2) }), { destination: MAKKAH }), 'check_in', HM.checkInPast],
      [{ ...stayQuery(stay(), { destination: MAKKAH }), rooms: '[]' }, 'rooms', HM.roomsCount],
      [stayQuery(stay({ rooms: Array.from({ length: 10 }, () => ({ adults: 1, children_ages: [] })) }), { destination: MAKKAH }), 'rooms', HM.roomsCount],
      [stayQuery(stay({ rooms: [{ adults: 3, children_ages: [4, 6] }] }), { destination: MAKKAH }), 'rooms.0.adults', HM.roomGuests],
      [stayQuery(stay({ rooms: [{ adults: 1, children_ages: [18] }] }), { destination: MAKKAH }), 'rooms.0.children_ages.0', HM.childAge],
      [stayQuery(stay(), { destination: 'city:999999999' }), 'destination', HM.unknownDestination],
      // Fields left out are asked for in words, not in the validator's ("Invalid key: Expected …").
      [stayQuery(stay(), {}), 'destination', HM.destinationRequired],
      [{ destination: MAKKAH, check_out: day(62), rooms: '[{"adults":1}]' }, 'check_in', HM.checkInRequired],
      [{ destination: MAKKAH, check_in: day(60), rooms: '[{"adults":1}]' }, 'check_out', HM.checkOutRequired],
      [{ destination: MAKKAH, check_in: day(60), check_out: day(62) }, 'rooms', HM.roomsRequired],
      [stayQuery(stay(), { destination: MAKKAH, page: 0 }), 'page', HM.page],
      [stayQuery(stay(), { destination: MAKKAH, per_page: 500 }), 'per_page', HM.perPage],
    ];
    for (const [query, field, message] of cases) {
      const res = await guest.get('/api/hotels', query);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
    }
  });
});

describe('a hotel and its rates', () => {
  it('shows rooms that take the party, each with refundable and non-refundable rates, and 404 for an unknown hotel', async () => {
    const guest = await as('anonymous');
    const { hotel } = await pickRate(guest, stay(), { refundable: true });
    expect(hotel.nights).toBe(4);
    expect(hotel.photos.length).toBeGreaterThan(1);
    for (const room of hotel.rooms) {
      expect(room.max_guests).toBeGreaterThanOrEqual(3); // the second room has two adults and a child of seven
      const nr = room.rates.find((r: { refundable: boolean }) => !r.refundable);
      const r = room.rates.find((x: { refundable: boolean; board: string }) => x.refundable && x.board === nr.board);
      expect(Number(nr.total.amount)).toBeLessThan(Number(r.total.amount));
      expect(nr.free_cancellation_until).toBeNull();
      expect(nr.cancellation_penalty).toEqual(nr.total);
      expect(r.free_cancellation_until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
      expect(r.nightly).toHaveLength(4);
    }
    expect((await guest.get('/api/hotels/999999-1', stayQuery(stay()))).status).toBe(404);
  });
});

describe('booking by card, look-up and cancel', () => {
  it('a guest books two rooms, pays on the hosted page, finds the booking by reference and email, and cancels with a full refund', async () => {
    const guest = await api.as('anonymous');
    const s = stay();
    const { rate } = await pickRate(guest, s, { refundable: true });
    const res = await guest.post('/api/hotel-bookings', bookingBody(s, rate.id, { expected_total: rate.total.amount }), { 'idempotency-key': `hotel-card-${Date.now()}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect(b).toMatchObject({ status: 'pending_payment', total: rate.total, nights: 4, payment: { method: 'card', status: 'pending' } });
    expect(b.reference).toMatch(/^HTL-[A-Z0-9]{6}$/);
    expect((await payBySandbox(guest, b.payment.checkout_url)).status).toBe(303);

    const found = await guest.get(`/api/hotel-bookings/${b.reference}`, { email: 'Hotel.Guest@example.com' });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({ status: 'confirmed', payment: { status: 'paid' }, cancellation_quote: { refund: rate.total } });
    expect((await guest.get(`/api/hotel-bookings/${b.reference}`, { email: 'someone@else.com' })).status).toBe(404);
    expect((await guest.get(`/api/hotel-bookings/${b.id}`)).status).toBe(422);
    const mails = await mailsTo(api.db, 'hotel.guest@example.com');
    expect(mails.some((m) => m.subject === `Hotel booking ${b.reference} is confirmed`)).toBe(true);

    const cancel = await guest.post(`/api/hotel-bookings/${b.reference}/cancel`, { email: 'hotel.guest@example.com' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'canceled', refund: rate.total, payment: { status: 'refunded' }, cancellation_quote: null });
    expect((await guest.post(`/api/hotel-bookings/${b.reference}/cancel`, { email: 'hotel.guest@example.com' })).status).toBe(409);
    expect((await mailsTo(api.db, 'hotel.guest@example.com')).some((m) => m.subject === `Hotel booking ${b.reference} was canceled`)).toBe(true);
  });

  it('409 when the price moved against expected_total, 410 once the rate expired, 422 when the stay differs from the rate', async () => {
    const customer = await as('customer');
    const s = stay();
    const { rate } = await pickRate(customer, s, { refundable: false });
    const moved = await customer.post('/api/hotel-bookings', bookingBody(s, rate.id, { expected_total: '1.00' }));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'price_changed', total: rate.total });
    const other = await customer.post('/api/hotel-bookings', bookingBody({ ...s, rooms: [{ adults: 1, children_ages: [] }] }, rate.id));
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['rooms']);
    const noGuests = await customer.post('/api/hotel-bookings', { ...bookingBody(s, rate.id), guests: [{ title: 'MR', first_name: 'Ali', last_name: 'Khan' }] });
    expect(noGuests.status).toBe(422);
    expect(Object.keys(noGuests.body.errors)).toEqual(['guests']);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 31 * 60_000);
    expect((await customer.post('/api/hotel-bookings', bookingBody(s, rate.id))).status).toBe(410);
    expect((await customer.post('/api/hotel-bookings', bookingBody(s, '104515-1.XXX.RO.N.2030-01-01.2030-01-02.abc.abc'))).status).toBe(404);
  });

  it('wallet payment is for agents only; staff do not book', async () => {
    const s = stay();
    const customer = await as('customer');
    const { rate } = await pickRate(customer, s, { refundable: false });
    const wallet = await customer.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(wallet.status).toBe(422);
    expect(wallet.body.errors.payment_method).toBeDefined();
    expect((await (await as('reservation')).post('/api/hotel-bookings', bookingBody(s, rate.id))).status).toBe(403);
  });
});
