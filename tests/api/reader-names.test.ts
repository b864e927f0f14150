import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { identities } from '../support/agents';
import { bookingBody, dayFrom, pickRate, type Stay } from '../support/hotels';
import { packageBody, umrahDeparture } from '../support/packages';
import { creditWallet } from '../../server/ledger/service';
import { isArabicText } from '../../contract/names';

/**
 * Names a booking keeps in both languages, so every reader reads them in theirs: a package's place and an umrah
 * package's hotels as booked, a hotel booking's name and city on the agent's statement (kept for every reader, so
 * it carries both) and on the agent's home page (in the reader's language, as the app asks).
 */
const api = await setupApi();
const as = identities(api);
const AR = { 'accept-language': 'ar' };

describe('a package booking keeps its place and hotels in both languages', () => {
  it('a holiday its destination; an umrah package its departure city and hotels; the offer says the same', async () => {
    const admin = await as('admin');
    const h = (await admin.post('/api/holidays', { title: 'Baku Getaway', title_ar: 'عطلة باكو', destination: 'Baku', destination_ar: 'باكو', nights: 3, days: 4, price: '145000', inclusions: '', description: '<p>Caspian</p>' })).body.data;
    const dep = (await admin.post('/api/package-departures', { kind: 'holiday', package_id: h.id, departure_date: '2031-06-01', seats_total: 4 })).body.data;
    const offer = (await (await api.as('anonymous')).get('/api/package-departures', { kind: 'holiday', package_id: h.id })).body.data;
    expect(offer).toMatchObject({ place: 'Baku', place_ar: 'باكو', hotels: null });
    const c = await as('customer');
    const holiday = await c.post('/api/package-bookings', packageBody(h.id, dep.id, 1, { kind: 'holiday', sharing: 'standard' }));
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(201);
    expect(holiday.body.data.package).toMatchObject({ title: 'Baku Getaway', title_ar: 'عطلة باكو', place: 'Baku', place_ar: 'باكو' });
    expect(holiday.body.data.package).not.toHaveProperty('hotels');

    const { pkg, departure } = await umrahDeparture(admin, 4, 40);
    await admin.patch(`/api/umrah-packages/${pkg.id}`, { makkah_hotel_ar: 'الكسوة', departure_city_ar: 'كراتشي' });
    const umrah = await c.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1));
    expect(umrah.status, JSON.stringify(umrah.body)).toBe(201);
    expect(umrah.body.data.package).toMatchObject({
      place: 'Karachi', place_ar: 'كراتشي',
      hotels: { makkah: 'Al Kiswah', makkah_ar: 'الكسوة', madinah: 'Dar Al Eiman', madinah_ar: null },
    });
    // What was booked stays as booked when the catalogue changes.
    await admin.patch(`/api/umrah-packages/${pkg.id}`, { departure_city_ar: 'لاهور' });
    expect((await c.get(`/api/package-bookings/${umrah.body.data.id}`)).body.data.package.place_ar).toBe('كراتشي');
  });
});

describe('an agent\'s hotel booking on the statement and the home page', () => {
  it('the statement\'s subject names the hotel and city in both languages; the home page in the reader\'s', async () => {
    const agent = await as('agent');
    const me = (await agent.get('/api/user')).body.data.id as number;
    await creditWallet(api.db, { agentId: me, amountMinor: 50_000_000_00, type: 'deposit', reference: `test:names-topup-${Date.now()}`, description: 'test float' });
    const stay: Stay = { check_in: dayFrom(new Date(), 70), check_out: dayFrom(new Date(), 72), rooms: [{ adults: 2, children_ages: [] }] };
    const { rate } = await pickRate(agent, stay, { refundable: true });
    const booked = await agent.post('/api/hotel-bookings', bookingBody(stay, rate.id, { payment_method: 'wallet' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = booked.body.data.reference as string;
    const arabic = (await agent.request('GET', `/api/hotel-bookings/${booked.body.data.id}`, undefined, AR)).body.data.hotel;

    const rows = (await agent.get('/api/agent-statment')).body.data.rows as { reference: string; subject: Record<string, unknown> | null }[];
    const subject = rows.find((r) => r.reference === `hotel-booking:${reference}`)?.subject;
    expect(subject).toMatchObject({ kind: 'hotel', reference, hotel: booked.body.data.hotel.name, hotel_ar: arabic.name, city: 'Makkah', city_ar: 'مكة المكرمة' });
    expect(isArabicText(String(subject?.hotel_ar))).toBe(true);

    const home = (lang: Record<string, string>) => agent.request('GET', '/api/agent-dashboard', undefined, lang);
    const en = (await home({})).body.data.recent_hotel_bookings.find((b: { reference: string }) => b.reference === reference);
    const ar = (await home(AR)).body.data.recent_hotel_bookings.find((b: { reference: string }) => b.reference === reference);
    expect(en).toMatchObject({ hotel: booked.body.data.hotel.name, city: 'Makkah' });
    expect(ar).toMatchObject({ hotel: arabic.name, city: 'مكة المكرمة' });
  });
});
